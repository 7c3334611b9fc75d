import { ipythonRules } from '../../../../src/core/rules/ipython';
import { testExamples } from './helpers';

testExamples(ipythonRules);
