/**
 * Stands in for `markdown-to-jsx/react` inside rjsf (see vite.config.ts): schema descriptions are shown as plain
 * text, which keeps a 35 KB Markdown parser out of every form and any HTML out of configured texts.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <span>{children}</span>;
}
export default Markdown;
