import { matplotlibRules } from '../../../../src/core/rules/matplotlib';
import { testExamples } from './helpers';

testExamples(matplotlibRules);
