import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import type { Attribute } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { css, cx } from '../../../styled-system/css';
import { SALON_HTML } from '../../../shared/salon-html';
import { fieldError, fieldHint, fieldLabel, fieldInput } from '../../components/form-styles';
import { messageAt, type SettingsForm } from './controls';

/**
 * The editor's text as it is saved: sanitised with the booking page's own rules (shared/salon-html.ts),
 * and empty when it holds no words.
 */
export function salonHtmlOf(html: string): string {
  const clean = DOMPurify.sanitize(html, SALON_HTML);
  const t = document.createElement('template');
  t.innerHTML = clean;
  return t.content.textContent?.trim() ? clean : '';
}

/**
 * The editor offers only what the booking page keeps of salon HTML (docs/console/booking-page.md
 * "Texts"): paragraphs and line breaks, bold, italics, underline, two small headings, bulleted and
 * numbered lists, and links; no strike-through, code, quotes or rules.
 */
const EXTENSIONS = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    heading: { levels: [3, 4] },
    link: false,
  }),
  // a link is its address only: no target, rel or class (the booking page keeps href alone)
  Link.extend({
    addAttributes() {
      return { href: (this.parent?.() as Record<'href', Attribute>).href };
    },
  }).configure({ openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { target: null, rel: null, class: null } }),
];

type Name = 'salon_ncob_text';

/** A salon text edited as formatted text (bold, lists, links…) and saved as the sanitised HTML the booking page shows. */
export function RichTextSetting({ form, name, label, hint }: { form: SettingsForm; name: Name; label: string; hint?: string }) {
  const id = useId();
  const error = messageAt(form.formState.errors, name);
  return (
    <div className={css({ mb: '4' })}>
      <p id={`${id}-label`} className={fieldLabel}>
        {label}
      </p>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RichText
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            labelId={`${id}-label`}
            describedBy={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
            invalid={!!error}
            label={label}
          />
        )}
      />
      {hint && (
        <p id={`${id}-hint`} className={fieldHint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

interface RichTextProps {
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  label: string;
}

function RichText({ value, onChange, onBlur, labelId, describedBy, invalid, label }: RichTextProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    // what was saved, as the booking page would show it
    content: salonHtmlOf(value),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: cx(
          fieldInput,
          css({
            display: 'block',
            h: 'auto',
            minH: '40',
            py: '2',
            lineHeight: '1.5',
            whiteSpace: 'pre-wrap',
            '& ul': { listStyle: 'disc', pl: '5' },
            '& ol': { listStyle: 'decimal', pl: '5' },
            '& h3': { fontWeight: '700', fontSize: 'lg' },
            '& h4': { fontWeight: '700' },
            '& a': { color: 'accent', textDecoration: 'underline' },
            '& p + p, & p + ul, & ul + p, & p + ol, & ol + p': { mt: '2' },
          }),
        ),
      },
    },
    // a user's change only: loading the saved text leaves the form as it was
    onUpdate: ({ editor: e }) => onChange(salonHtmlOf(e.getHTML())),
    onBlur: () => onBlur(),
  });
  // a value from outside (the latest settings loaded after a 412, a save) replaces what is shown
  useEffect(() => {
    if (editor.isDestroyed) return;
    const shown = salonHtmlOf(editor.getHTML());
    if (shown !== salonHtmlOf(value)) editor.commands.setContent(salonHtmlOf(value), { emitUpdate: false });
  }, [editor, value]);
  return (
    <div>
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
    </div>
  );
}

const toolButton = css({
  minW: '10',
  minH: '10',
  px: '2',
  rounded: 'md',
  border: '1px solid {colors.border}',
  bg: 'bg',
  color: 'text',
  fontSize: 'sm',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'text', color: 'bg' },
  _disabled: { opacity: '0.5', cursor: 'not-allowed' },
});

/** The formatting buttons: each says whether it is on where the cursor is (aria-pressed). */
function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const on = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: { key: keyof typeof on; text: string; name: string; run: () => void; look?: string }[] = [
    { key: 'bold', text: 'B', name: 'Bold', run: () => chain().toggleBold().run(), look: css({ fontWeight: '700' }) },
    { key: 'italic', text: 'I', name: 'Italic', run: () => chain().toggleItalic().run(), look: css({ fontStyle: 'italic' }) },
    {
      key: 'underline',
      text: 'U',
      name: 'Underline',
      run: () => chain().toggleUnderline().run(),
      look: css({ textDecoration: 'underline' }),
    },
    { key: 'h3', text: 'H3', name: 'Heading', run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'h4', text: 'H4', name: 'Small heading', run: () => chain().toggleHeading({ level: 4 }).run() },
    { key: 'bullets', text: '• List', name: 'Bulleted list', run: () => chain().toggleBulletList().run() },
    { key: 'numbers', text: '1. List', name: 'Numbered list', run: () => chain().toggleOrderedList().run() },
    {
      key: 'link',
      text: 'Link',
      name: 'Link',
      run: () => {
        if (on.link) return void chain().unsetLink().run();
        const href = window.prompt('The link’s address, such as https://example.com/policy')?.trim();
        if (href) chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
  ];
  return (
    <div
      role="toolbar"
      aria-label={`Formatting of the ${label.toLowerCase()}`}
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', mb: '1' })}
    >
      {tools.map((t) => (
        <button
          key={t.key}
          type="button"
          aria-label={t.name}
          title={t.name}
          aria-pressed={on[t.key]}
          className={cx(toolButton, t.look)}
          // the editor keeps its selection: the button acts on it
          onMouseDown={(e) => e.preventDefault()}
          onClick={t.run}
        >
          {t.text}
        </button>
      ))}
    </div>
  );
}
