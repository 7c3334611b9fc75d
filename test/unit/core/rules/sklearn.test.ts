import { sklearnDefaultRules } from '../../../../src/core/rules/sklearn-defaults';
import { sklearnModuleRules } from '../../../../src/core/rules/sklearn-modules';
import { sklearnObjectRules } from '../../../../src/core/rules/sklearn-objects';
import { sklearnParamRules } from '../../../../src/core/rules/sklearn-params';
import { testExamples } from './helpers';

testExamples([
  ...sklearnModuleRules,
  ...sklearnObjectRules,
  ...sklearnParamRules,
  ...sklearnDefaultRules
]);
