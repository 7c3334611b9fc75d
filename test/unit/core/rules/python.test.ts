import { python2BuiltinRules } from '../../../../src/core/rules/python2-builtins';
import { python2SyntaxRules } from '../../../../src/core/rules/python2-syntax';
import { stdlibRules } from '../../../../src/core/rules/python-stdlib';
import { testExamples } from './helpers';

testExamples([...python2SyntaxRules, ...python2BuiltinRules, ...stdlibRules]);
