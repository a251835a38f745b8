// A scored item's rule id as a button that opens what the rule says (issue #19): the rule's
// name and text from the catalogue, in the current language, in a small popover next to the
// id. The popover is a non-modal dialog: focus moves into it, Escape or a click outside closes
// it and gives focus back to the id, tabbing out of it closes it; on a narrow screen it takes
// the width of the screen.
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from './i18n';
import { ruleInfo } from './i18n/rules';

let nextId = 0;

/** `text` with `option_names` (between backticks) as code. */
function withCode(text: string): (string | JSX.Element)[] {
  return text.split('`').map((part, i) => (i % 2 ? <code>{part}</code> : part));
}

const MARGIN = 8;

export function RuleLink({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ left: number; top: number; width: number } | null>(null);
  const btn = useRef<HTMLButtonElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  const domId = useRef(`rule-pop-${++nextId}`);

  const close = (refocus: boolean) => {
    setOpen(false);
    setPos(null);
    if (refocus) btn.current?.focus();
  };

  // Placed under the id (above it when there is no room below), inside the viewport.
  const place = () => {
    const b = btn.current?.getBoundingClientRect();
    if (!b) return;
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const width = Math.min(352, vw - 2 * MARGIN);
    const left = Math.max(MARGIN, Math.min(b.left, vw - width - MARGIN));
    const height = pop.current?.offsetHeight ?? 0;
    const below = b.bottom + 4;
    const top = below + height > vh - MARGIN && b.top - 4 - height >= MARGIN ? b.top - 4 - height : below;
    setPos((p) => (p && p.left === left && p.top === top && p.width === width ? p : { left, top, width }));
  };

  useLayoutEffect(() => {
    if (open) place();
  });

  // Focus moves into the popover as soon as it is placed (hidden, it cannot take focus).
  const placed = open && pos !== null;
  useLayoutEffect(() => {
    if (placed) pop.current?.focus();
  }, [placed]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: Event) => {
      const target = e.target as Node;
      if (!pop.current?.contains(target) && !btn.current?.contains(target)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      e.preventDefault();
      close(true);
    };
    const onMove = () => place();
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  const info = ruleInfo(id);
  if (!info) return <span class="rule-id-plain">{id}</span>;
  return (
    <>
      <button
        type="button"
        ref={btn}
        class="rule-link"
        data-testid="rule-link"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? domId.current : undefined}
        title={t('rule.show', { id })}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        {id}
      </button>
      {open && (
        <div
          ref={pop}
          id={domId.current}
          class="rule-pop"
          role="dialog"
          aria-labelledby={`${domId.current}-title`}
          tabIndex={-1}
          data-testid="rule-pop"
          data-rule={id}
          onFocusOut={(e) => {
            // Tabbing out of the popover closes it (focus going back to the id keeps it).
            const to = e.relatedTarget as Node | null;
            if (to && !pop.current?.contains(to) && !btn.current?.contains(to)) close(false);
          }}
          style={pos ? { left: `${pos.left}px`, top: `${pos.top}px`, width: `${pos.width}px` } : { visibility: 'hidden' }}
        >
          <div class="rule-pop-head">
            <b id={`${domId.current}-title`}>
              <span class="rule-pop-id">{id}</span> {info.name}
            </b>
            <button type="button" class="rule-pop-close" aria-label={t('rule.close')} data-testid="rule-pop-close" onClick={() => close(true)}>
              ×
            </button>
          </div>
          <p class="rule-pop-text" data-testid="rule-text">
            {withCode(info.text)}
          </p>
        </div>
      )}
    </>
  );
}
