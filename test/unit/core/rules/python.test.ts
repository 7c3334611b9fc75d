import { python2Rules } from '../../../../src/core/rules/python2';
import { stdlibRules } from '../../../../src/core/rules/python-stdlib';
import { testExamples } from './helpers';

testExamples([...python2Rules, ...stdlibRules]);
