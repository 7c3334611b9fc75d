import type { IRule } from './types';
import { python2Rules } from './python2';
import { stdlibRules } from './python-stdlib';
import { numpyRules } from './numpy';
import { pandasApiRules } from './pandas-api';
import { pandasCallRules } from './pandas-calls';
import { pandasBehaviourRules } from './pandas-behaviour';
import { sklearnModuleRules } from './sklearn-modules';
import { sklearnObjectRules } from './sklearn-objects';
import { sklearnParamRules } from './sklearn-params';
import { sklearnDefaultRules } from './sklearn-defaults';
import { matplotlibRules } from './matplotlib';
import { seabornRules } from './seaborn';
import { scipyRules } from './scipy';
import { ipythonRules } from './ipython';
import { dataPathRules } from './data-paths';

export * from './types';
export * from './versions';
export * from './engine';
export * from './evidence';
export * from './builders';
export * from './builders-imports';

/** Every built-in migration rule, by library. */
export const allRules: readonly IRule[] = [
  ...python2Rules,
  ...stdlibRules,
  ...numpyRules,
  ...pandasApiRules,
  ...pandasCallRules,
  ...pandasBehaviourRules,
  ...sklearnModuleRules,
  ...sklearnObjectRules,
  ...sklearnParamRules,
  ...sklearnDefaultRules,
  ...matplotlibRules,
  ...seabornRules,
  ...scipyRules,
  ...ipythonRules,
  ...dataPathRules
];
