/**
 * Rich text (a notice's body): an editable area with a small toolbar of the browser's own editing commands
 * (bold, italic, underline, lists, headings, clear formatting). The value is HTML; the server keeps only harmless
 * formatting tags of it (src/server/messages/rich-text.ts), so nothing here has to be trusted. The typed HTML is
 * written back into the area only when it comes from outside (reset, loaded values), never while typing, so the
 * caret stays where it is.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import './rich-text-widget.css';

const COMMANDS: { command: string; label: string; title: string; value?: string }[] = [
  { command: 'bold', label: 'B', title: '加粗' },
  { command: 'italic', label: 'I', title: '斜体' },
  { command: 'underline', label: 'U', title: '下划线' },
  { command: 'formatBlock', label: '标题', title: '标题', value: 'h3' },
  { command: 'formatBlock', label: '正文', title: '正文段落', value: 'p' },
  { command: 'insertOrderedList', label: '1.', title: '编号列表' },
  { command: 'insertUnorderedList', label: '•', title: '项目符号列表' },
  { command: 'removeFormat', label: '清除格式', title: '清除格式' },
];

export function RichTextWidget(props: WidgetProps) {
  const { id, disabled, readonly, onChange, onBlur, placeholder } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  const area = useRef<HTMLDivElement>(null);
  const locked = disabled || readonly;

  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== value) element.innerHTML = value;
  }, [value]);

  const emit = () => {
    const element = area.current;
    if (!element) return;
    // An area emptied by the user still holds a <br> or an empty paragraph: that is no content.
    const text = element.textContent?.trim() ?? '';
    onChange(text === '' && !element.querySelector('img,hr,table') ? undefined : element.innerHTML);
  };

  const run = (command: string, commandValue?: string) => {
    area.current?.focus();
    // Tags rather than style attributes: the server drops styles.
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(command, false, commandValue);
    emit();
  };

  return (
    <div className={`sf-rich-text${locked ? ' sf-rich-text-locked' : ''}`}>
      <div className="sf-rich-text-toolbar" role="toolbar" aria-label="格式">
        {COMMANDS.map((c) => (
          <button
            key={`${c.command}-${c.value ?? ''}`}
            type="button"
            title={c.title}
            disabled={locked}
            // Keep the selection in the area: a click on the button would otherwise take the focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(c.command, c.value)}
          >
            {c.label}
          </button>
        ))}
      </div>
      <div
        id={id}
        ref={area}
        className="sf-rich-text-area"
        role="textbox"
        aria-multiline="true"
        aria-label={props.label}
        data-placeholder={placeholder}
        contentEditable={!locked}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={() => onBlur(id, value)}
      />
    </div>
  );
}
