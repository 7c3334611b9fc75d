import type { ISignal } from '@lumino/signaling';
import { useEffect, useState } from 'react';

/**
 * The value `read` returns, re-read whenever `signal` emits. Connects in an effect and
 * disconnects on cleanup, so a component follows exactly one signal of its model.
 */
export function useSignal<T>(
  signal: ISignal<unknown, unknown> | null,
  read: () => T
): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => setValue(read);
    update();
    signal?.connect(update);
    return () => {
      signal?.disconnect(update);
    };
    // `read` is a fresh closure each render; the signal identifies the source.
  }, [signal]);
  return value;
}
