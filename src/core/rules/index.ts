import type { IRule } from './types';
import { python2SyntaxRules } from './python2-syntax';
import { python2LiteralRules } from './python2-literals';
import { python2ParamRules } from './python2-params';
import { python2CallRules } from './python2-calls';
import { python2BuiltinRules } from './python2-builtins';
import { python2DivisionRule } from './python2-division';
import { python2SemanticRules } from './python2-semantics';
import { pythonPickleRules } from './python-pickle';
import { stdlibRules } from './python-stdlib';
import { versionStringRules } from './version-strings';
import { proseRules } from './python-prose';
import { indentationRules } from './python-indentation';
import { numpyRules } from './numpy';
import { numpySumGeneratorRule } from './numpy-sum-generator';
import { numpyStarBuiltinsRule } from './numpy-star-builtins';
import { numpyShapeRules } from './numpy-shapes';
import { numpyNoneCompareRules } from './numpy-none-compare';
import { numpyIndexRules } from './numpy-indices';
import { pandasApiRules } from './pandas-api';
import { pandasCallRules } from './pandas-calls';
import { pandasRemovedFunctionRules } from './pandas-removed-functions';
import { pandasPositionalRules } from './pandas-positions';
import { pandasOptionRules } from './pandas-options';
import { pandasSignatureRules } from './pandas-signatures';
import { pandasStringRules } from './pandas-strings';
import { pandasStrSetitemRules } from './pandas-str-setitem';
import { pandasStrAstypeRules } from './pandas-str-astype';
import { pandasReplaceRules } from './pandas-replace';
import { pandasBehaviourRules } from './pandas-behaviour';
import { pandasChainedSetitemRules } from './pandas-chained-setitem';
import { pandasReadOnlyRules } from './pandas-read-only';
import { pandasAggregateRules } from './pandas-aggregate';
import { pandasMatmulRule } from './pandas-matmul';
import { pandasSparseFrameRule } from './pandas-sparse';
import { sklearnModuleRules } from './sklearn-modules';
import { sklearnBackportRules } from './sklearn-backports';
import { sklearnPrivateRules } from './sklearn-private';
import { joblibRules } from './joblib';
import { sklearnObjectRules } from './sklearn-objects';
import { sklearnDiscriminantRules } from './sklearn-discriminant';
import { sklearnMixtureRules } from './sklearn-mixture';
import { sklearnDatasetRules } from './sklearn-datasets';
import { sklearnParamRules } from './sklearn-params';
import { sklearnRemovedParamRules } from './sklearn-removed-params';
import { sklearnSplitterRules } from './sklearn-splitters';
import { sklearnFoldFrameRule } from './sklearn-fold-frames';
import { sklearnAttributeRules } from './sklearn-attributes';
import { sklearnSixRules } from './sklearn-six';
import { sklearnIoRules } from './sklearn-io';
import { sklearnDefaultRules } from './sklearn-defaults';
import { sklearnAverageRules } from './sklearn-averages';
import { sklearnManifoldRules } from './sklearn-manifold';
import { matplotlibRules } from './matplotlib';
import { matplotlibCallRules } from './matplotlib-calls';
import { matplotlibContourRules } from './matplotlib-contours';
import { matplotlibPatchRules } from './matplotlib-patches';
import { matplotlibValueRules } from './matplotlib-values';
import { matplotlibArtistRules } from './matplotlib-artists';
import { matplotlibRcParamRules } from './matplotlib-rcparams';
import { matplotlibRemovedRcParamRules } from './matplotlib-rcparams-removed';
import { matplotlibKeywordRules } from './matplotlib-keywords';
import { matplotlibToolkitRules } from './matplotlib-axes-grid';
import { seabornRules } from './seaborn';
import { scipyRules } from './scipy';
import { scipyMiscRules } from './scipy-misc';
import { scipyOptimizeRules } from './scipy-optimize';
import { ipythonRules } from './ipython';
import { widgetRules } from './widgets';
import { dataPathRules } from './data-paths';
import { dataCopyRules } from './data-copies';
import { magicCopyRules } from './magic-copies';
import { hiddenStateRules } from './hidden-state';
import { runOrderRules } from './run-order';
import { repositoryModuleRules } from './repository-modules';
import { staleNameRules } from './python-stale-names';

export * from './types';
export * from './versions';
export * from './engine';
export * from './evidence';
export * from './builders';
export * from './builders-imports';

/** Every built-in migration rule, by library. */
export const allRules: readonly IRule[] = [
  ...python2SyntaxRules,
  ...python2LiteralRules,
  ...python2ParamRules,
  ...python2BuiltinRules,
  ...python2CallRules,
  python2DivisionRule,
  ...python2SemanticRules,
  ...pythonPickleRules,
  ...stdlibRules,
  ...versionStringRules,
  ...proseRules,
  ...indentationRules,
  ...numpyRules,
  numpySumGeneratorRule,
  numpyStarBuiltinsRule,
  ...numpyShapeRules,
  ...numpyNoneCompareRules,
  ...numpyIndexRules,
  ...pandasApiRules,
  ...pandasCallRules,
  ...pandasRemovedFunctionRules,
  ...pandasPositionalRules,
  ...pandasOptionRules,
  ...pandasSignatureRules,
  // Before the behaviour rules: a dtype comparison the kernel confirms is rewritten here.
  ...pandasStringRules,
  ...pandasStrSetitemRules,
  ...pandasStrAstypeRules,
  ...pandasReplaceRules,
  ...pandasBehaviourRules,
  ...pandasChainedSetitemRules,
  ...pandasReadOnlyRules,
  ...pandasAggregateRules,
  pandasMatmulRule,
  pandasSparseFrameRule,
  ...sklearnModuleRules,
  ...sklearnPrivateRules,
  ...sklearnBackportRules,
  ...joblibRules,
  ...sklearnObjectRules,
  ...sklearnDiscriminantRules,
  ...sklearnMixtureRules,
  ...sklearnDatasetRules,
  ...sklearnParamRules,
  ...sklearnRemovedParamRules,
  ...sklearnSplitterRules,
  sklearnFoldFrameRule,
  ...sklearnAttributeRules,
  ...sklearnSixRules,
  ...sklearnIoRules,
  ...sklearnDefaultRules,
  ...sklearnAverageRules,
  ...sklearnManifoldRules,
  ...matplotlibRules,
  ...matplotlibCallRules,
  ...matplotlibContourRules,
  ...matplotlibPatchRules,
  ...matplotlibValueRules,
  ...matplotlibArtistRules,
  ...matplotlibRcParamRules,
  ...matplotlibRemovedRcParamRules,
  ...matplotlibKeywordRules,
  ...matplotlibToolkitRules,
  ...seabornRules,
  ...scipyRules,
  ...scipyMiscRules,
  ...scipyOptimizeRules,
  ...ipythonRules,
  ...widgetRules,
  ...dataPathRules,
  ...dataCopyRules,
  ...magicCopyRules,
  ...hiddenStateRules,
  ...runOrderRules,
  ...staleNameRules,
  ...repositoryModuleRules
];
