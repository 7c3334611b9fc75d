import { pandasApiRules } from '../../../../src/core/rules/pandas-api';
import { pandasBehaviourRules } from '../../../../src/core/rules/pandas-behaviour';
import { pandasCallRules } from '../../../../src/core/rules/pandas-calls';
import { pandasSignatureRules } from '../../../../src/core/rules/pandas-signatures';
import { testExamples } from './helpers';

testExamples([
  ...pandasApiRules,
  ...pandasCallRules,
  ...pandasSignatureRules,
  ...pandasBehaviourRules
]);
