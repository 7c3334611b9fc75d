import { keywordRenamed, keywordReplaced } from './builders';
import type { IRule } from './types';
import { sklearnInfo as info, unexpected } from './sklearn-info';

// What reads raw text: the files loader and the vectorizers that decode bytes.
const DECODERS = [
  'load_files',
  'CountVectorizer',
  'TfidfVectorizer',
  'HashingVectorizer'
];
const VECTORIZERS = ['CountVectorizer', 'TfidfVectorizer'];
const DOCS = "docs = [b'caf\\xe9 au lait', b'th\\xe9 au lait']";
/** Text feature extraction: renamed decoding parameters and old document-frequency values. */
export const sklearnTextRules: IRule[] = [
  keywordRenamed({
    ...info(
      'text-charset',
      '0.16',
      '`charset=` is `encoding=` in load_files and the text vectorizers since 0.16.'
    ),
    raises: unexpected('charset'),
    callees: DECODERS,
    module: 'sklearn',
    keyword: 'charset',
    to: 'encoding',
    examples: [
      {
        setup: DOCS,
        before:
          "from sklearn.feature_extraction.text import CountVectorizer\nprint(sorted(CountVectorizer(charset='latin-1').fit(docs).vocabulary_))",
        after:
          "from sklearn.feature_extraction.text import CountVectorizer\nprint(sorted(CountVectorizer(encoding='latin-1').fit(docs).vocabulary_))"
      }
    ]
  }),
  keywordRenamed({
    ...info(
      'text-charset-error',
      '0.16',
      '`charset_error=` is `decode_error=` in load_files and the text vectorizers since 0.16.'
    ),
    raises: unexpected('charset_error'),
    callees: DECODERS,
    module: 'sklearn',
    keyword: 'charset_error',
    to: 'decode_error',
    examples: [
      {
        setup: DOCS,
        before:
          "from sklearn.feature_extraction.text import TfidfVectorizer\nprint(sorted(TfidfVectorizer(charset_error='ignore').fit(docs).vocabulary_))",
        after:
          "from sklearn.feature_extraction.text import TfidfVectorizer\nprint(sorted(TfidfVectorizer(decode_error='ignore').fit(docs).vocabulary_))"
      }
    ]
  }),
  keywordReplaced({
    ...info(
      'vectorizer-min-df-zero',
      '1.2',
      'An int `min_df` is at least 1 since 1.2: `min_df=0` kept every term, as `min_df=1` does.'
    ),
    raises: {
      ename: 'InvalidParameterError',
      message: /The 'min_df' parameter/
    },
    callees: VECTORIZERS,
    module: 'sklearn',
    keyword: 'min_df',
    replace: value => (/^0+$/.test(value) ? 'min_df=1' : null),
    examples: [
      {
        setup: "docs = ['red apple', 'green apple', 'red car']",
        before:
          'from sklearn.feature_extraction.text import TfidfVectorizer\nprint(sorted(TfidfVectorizer(min_df=0).fit(docs).vocabulary_))',
        after:
          'from sklearn.feature_extraction.text import TfidfVectorizer\nprint(sorted(TfidfVectorizer(min_df=1).fit(docs).vocabulary_))'
      }
    ]
  })
];
