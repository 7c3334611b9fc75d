import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { allRules, type IRule } from '../../../../src/core/rules';

const PYTHON = join(import.meta.dirname, '../../../../.venv/bin/python');

// Imports the longest module prefix of each target, then evaluates the rest on it.
const CHECK = `
import importlib, inspect, json, re, sys, warnings
warnings.simplefilter('ignore')
missing = []
for target in json.load(sys.stdin):
    dotted, rest = re.match(r'([\\w.]+)(.*)', target).groups()
    parts = dotted.split('.')
    for i in range(len(parts), 0, -1):
        try:
            value = importlib.import_module('.'.join(parts[:i]))
            break
        except ImportError:
            continue
    else:
        missing.append(target)
        continue
    try:
        for name in parts[i:]:
            value = getattr(value, name)
        keyword = re.fullmatch(r'\\((\\w+)=\\)', rest)
        if keyword:
            # \`f(name=)\`: f takes a parameter of that name.
            if keyword[1] not in inspect.signature(value).parameters:
                raise TypeError(keyword[1])
        else:
            eval('value' + rest, {'value': value})
    except Exception as error:
        missing.append(f'{target}: {type(error).__name__}')
print(json.dumps(missing))
`;

describe('rule targets', () => {
  it('every name a rule writes exists in the installed libraries', () => {
    // Optional packages a rule's examples say today's stack may lack are not checked.
    const optional = (rule: IRule, target: string) =>
      rule.examples.some(e => e.requires?.includes(target.split(/\W/)[0]));
    const targets = [
      ...new Set(
        allRules.flatMap(rule =>
          (rule.targets ?? []).filter(t => !optional(rule, t))
        )
      )
    ];
    assert.ok(targets.length > 40, `only ${targets.length} targets`);
    const missing = JSON.parse(
      execFileSync(PYTHON, ['-c', CHECK], {
        input: JSON.stringify(targets),
        encoding: 'utf8'
      })
    );
    assert.deepEqual(missing, []);
  });
});
