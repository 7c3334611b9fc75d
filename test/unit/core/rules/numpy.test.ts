import { numpyRules } from '../../../../src/core/rules/numpy';
import { testExamples } from './helpers';

testExamples(numpyRules);
