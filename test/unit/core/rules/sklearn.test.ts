import { sklearnDefaultRules } from '../../../../src/core/rules/sklearn-defaults';
import { sklearnModuleRules } from '../../../../src/core/rules/sklearn-modules';
import { sklearnObjectRules } from '../../../../src/core/rules/sklearn-objects';
import { sklearnParamRules } from '../../../../src/core/rules/sklearn-params';
import { sklearnRemovedParamRules } from '../../../../src/core/rules/sklearn-removed-params';
import { testExamples } from './helpers';

testExamples([
  ...sklearnModuleRules,
  ...sklearnObjectRules,
  ...sklearnParamRules,
  ...sklearnRemovedParamRules,
  ...sklearnDefaultRules
]);
