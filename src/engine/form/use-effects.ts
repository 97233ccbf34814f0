/**
 * A form's `effects`: when a trigger field takes a new value that passes its rules, call the effect's API
 * and copy paths of the result into other fields (an ID number fills sex and birthday, spec section 5).
 * A failed call is reported by the transport; the fields keep what they had.
 */
import { useEffect, useRef } from 'react';
import { pickPath } from '../api';
import { runAction } from '../actions';
import type { EngineSeams } from '../seams';
import type { FormEffect } from '../types';

type Values = Record<string, unknown>;

export function useFormEffects(
  effects: readonly FormEffect[] | undefined,
  values: Values,
  invalid: ReadonlySet<string>,
  seams: EngineSeams,
  apply: (patch: Values) => void,
): void {
  const lastTriggered = useRef(new Map<number, unknown>());
  useEffect(() => {
    (effects ?? []).forEach((effect, index) => {
      const trigger = values[effect.when];
      if (trigger === undefined || invalid.has(effect.when)) return;
      if (lastTriggered.current.get(index) === trigger) return;
      lastTriggered.current.set(index, trigger);
      runAction(seams, effect, values).then(
        (envelope) => {
          const result = pickPath(envelope, effect.api.resultPath);
          // The user may have typed on meanwhile: only a result for the current value applies.
          if (lastTriggered.current.get(index) !== trigger) return;
          apply(Object.fromEntries(Object.entries(effect.set).map(([field, path]) => [field, pickPath(result, path)])));
        },
        () => lastTriggered.current.delete(index),
      );
    });
  }, [effects, values, invalid, seams, apply]);
}
