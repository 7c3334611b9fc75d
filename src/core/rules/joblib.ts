import { keywordRenamed } from './builders';
import type { IRule } from './types';

/** joblib, which scikit-learn once vendored as `sklearn.externals.joblib`. */
export const joblibRules: IRule[] = [
  keywordRenamed({
    id: 'joblib.memory-cachedir',
    distribution: 'joblib',
    since: '0.12',
    summary:
      "`Memory(cachedir=)` is `Memory(location=)` since joblib 0.12; today's joblib refuses the old name.",
    link: 'https://joblib.readthedocs.io/en/stable/generated/joblib.Memory.html',
    raises: {
      ename: 'TypeError',
      message: /unexpected keyword argument 'cachedir'/
    },
    callees: ['Memory'],
    // Fixed with the import it comes through, in the same rewrite.
    module: ['joblib', 'sklearn.externals.joblib'],
    keyword: 'cachedir',
    to: 'location',
    examples: [
      {
        before:
          'import tempfile\nfrom joblib import Memory\nmemory = Memory(cachedir=tempfile.mkdtemp(), verbose=0)\nprint(memory.cache(abs)(-2))',
        after:
          'import tempfile\nfrom joblib import Memory\nmemory = Memory(location=tempfile.mkdtemp(), verbose=0)\nprint(memory.cache(abs)(-2))'
      }
    ]
  })
];
