/**
 * Words typed one by one (an article's tags, the standard codes it cites): Arco's InputTag, a word added on Enter or
 * when the field loses focus, removable by its ×. The value is an array of trimmed, distinct words; the collection's
 * schema checks each one (length, a standard code's form) with its Chinese message. A form names it as
 * `"ui:widget": "knowledgeTags"`.
 */
import { InputTag } from '@arco-design/web-react';
import '@arco-design/web-react/es/InputTag/style/css.js';
import type { WidgetProps } from '../../../src/engine/module-api';

const asWords = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string') : [];

export default function KnowledgeTagsWidget({
  id,
  value,
  disabled,
  readonly,
  placeholder,
  onChange,
  rawErrors,
}: WidgetProps) {
  const words = asWords(value);
  return (
    // The id on the box, as the form's label points at it (InputTag takes none of its own).
    <div id={id}>
      <InputTag
        value={words}
        allowClear
        saveOnBlur
        placeholder={placeholder}
        disabled={disabled || readonly}
        error={Boolean(rawErrors && rawErrors.length > 0)}
        // A word typed twice stays once; blank words are no words.
        validate={(word: string) => word.trim() !== '' && !words.includes(word.trim())}
        onChange={(tags: (string | { value: string })[]) => {
          const next = tags.map((tag) => (typeof tag === 'string' ? tag : tag.value).trim()).filter(Boolean);
          onChange(next.length > 0 ? next : undefined);
        }}
      />
    </div>
  );
}
