import {
  nullTranslator,
  type ITranslator,
  type TranslationBundle
} from '@jupyterlab/translation';
import { createContext, type Context } from 'react';

/**
 * The bundle of the extension's strings. Its domain is the Python package's name, the
 * name a language pack gives the extension's catalogue; without a translator the
 * strings stay in English.
 */
export function loadTranslation(
  translator?: ITranslator | null
): TranslationBundle {
  return (translator ?? nullTranslator).load('jupyterlab_modernizer');
}

/** The bundle the panel's components translate with; the panel provides its own. */
export const TranslationContext: Context<TranslationBundle> =
  createContext(loadTranslation());
