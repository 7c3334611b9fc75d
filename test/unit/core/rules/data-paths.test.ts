import { dataPathRules } from '../../../../src/core/rules/data-paths';
import { testExamples } from './helpers';

testExamples(dataPathRules);
