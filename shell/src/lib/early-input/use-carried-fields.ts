import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { isOwnedByReact, isTextField, typeInto } from './enter-again';

/**
 * What the shopper types into a part's placeholder (the header's plain search form while the
 * catalog's search loads) goes over to the part when it arrives (ADR 0025): each named field of
 * the placeholder hands its text to the part's field of the same name, and the field that had
 * the caret gets it back, at the end of the text.
 */
export function useCarriedFields(area: RefObject<HTMLElement | null>, placeholder: boolean): void {
  const fields = useRef<Array<HTMLInputElement | HTMLTextAreaElement>>([]);
  const focused = useRef<string | undefined>(undefined);

  useEffect(() => {
    const element = area.current;
    if (!placeholder || !element) return undefined;
    // The placeholder's named fields, read when the part arrives: a removed field keeps its value.
    fields.current = [...element.querySelectorAll('input, textarea')].filter(
      (field): field is HTMLInputElement | HTMLTextAreaElement => isTextField(field) && field.name !== '',
    );
    // The caret may have gone in before the page woke up, when nothing listened yet.
    const active = element.ownerDocument.activeElement;
    if (isTextField(active) && element.contains(active) && active.name) focused.current = active.name;
    const onFocusIn = (event: Event) => {
      focused.current = isTextField(event.target) ? event.target.name || undefined : undefined;
    };
    // Focus that moves elsewhere on purpose is not given back; focus lost with the removed field is.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) focused.current = undefined;
    };
    const onPointerDown = (event: Event) => {
      if (!(event.target instanceof Node && element.contains(event.target))) focused.current = undefined;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    element.ownerDocument.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      element.ownerDocument.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [area, placeholder]);

  // In the commit that draws the part, so that no keystroke falls between the two fields.
  useLayoutEffect(() => {
    const element = area.current;
    if (placeholder || !element || fields.current.length === 0) return;
    const carried = fields.current.filter((field) => !field.isConnected).map((field) => [field.name, field.value]);
    const hadFocus = focused.current;
    fields.current = [];
    focused.current = undefined;
    for (const [name, value] of carried) {
      const field = [...element.querySelectorAll('input, textarea')].find(
        (candidate) => isTextField(candidate) && candidate.name === name,
      );
      if (!isTextField(field) || !isOwnedByReact(field)) continue;
      typeInto(field, value, field.value);
      if (hadFocus === name && element.ownerDocument.activeElement !== field) {
        field.focus();
        try {
          field.setSelectionRange(value.length, value.length);
        } catch {
          // A field without a caret (a number) keeps the browser's.
        }
      }
    }
  }, [area, placeholder]);
}
