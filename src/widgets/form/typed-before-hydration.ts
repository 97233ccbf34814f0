/**
 * Text typed into a prerendered field before the page's code ran (src/app/prerender.tsx) is in the DOM, but not
 * in the form's state: React keeps an input's DOM value when it hydrates without reporting it. A text widget
 * hands such a value to `onChange` once, when it mounts; in a page rendered by the client it finds nothing.
 */
import { useEffect, useRef } from 'react';

export function useTypedBeforeHydration(id: string, value: unknown, onChange: (typed: string) => void): void {
  const mountedWith = useRef({ value, onChange });
  useEffect(() => {
    const element = document.getElementById(id);
    const { value: stateValue, onChange: report } = mountedWith.current;
    if (element instanceof HTMLInputElement && element.value !== '' && element.value !== String(stateValue ?? '')) {
      report(element.value);
    }
  }, [id]);
}
