import { scipyRules } from '../../../../src/core/rules/scipy';
import { testExamples } from './helpers';

testExamples(scipyRules);
