import { seabornRules } from '../../../../src/core/rules/seaborn';
import { testExamples } from './helpers';

testExamples(seabornRules);
