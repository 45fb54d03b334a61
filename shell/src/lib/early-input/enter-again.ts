/**
 * Doing again, with the page listening, what the shopper did to a field or a control (ADR 0025).
 *
 * React keeps, on each field it owns, the value it last saw (its value tracker, which it updates
 * through the field's own `value`/`checked` property) and calls onChange only when an event finds
 * the field holding something else. A field that React took over after the shopper changed it
 * holds the changed value and React has seen it, so the shopper's change would never reach the
 * page: each function here first sets the field back to what it was through that property, then
 * makes the change as the browser does (the element's own setter, the event the browser fires).
 */

const nativeSetter = (element: HTMLElement, property: 'value' | 'checked') =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), property)?.set;

/** Whether React has taken the element over (hydrated or drawn it): it marks each node it owns. */
export function isOwnedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Enters `value` into a text field as if typed over `before`: what the page believes the field
 * holds, which React keeps in the field's default value (the server's value until the page
 * changes it), unless told. The caret stays where it is.
 */
export function typeInto(
  field: HTMLInputElement | HTMLTextAreaElement,
  value: string,
  before = field.defaultValue,
): void {
  if (value === before) return;
  const focused = field.ownerDocument.activeElement === field;
  const selection = focused ? caretOf(field) : undefined;
  // Through React's property: React now believes the field holds `before`.
  field.value = before;
  nativeSetter(field, 'value')?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (selection) restoreCaret(field, selection);
}

/** Changes a checkbox or radio button as a tap does, from its state `before`. */
export function toggleFrom(control: HTMLInputElement, before: boolean): void {
  control.checked = before;
  control.click();
}

/** Chooses an option of a list again: a list reports each change, without a tracker. */
export function chooseAgain(list: HTMLSelectElement, value: string): void {
  list.value = value;
  list.dispatchEvent(new Event('change', { bubbles: true }));
}

function caretOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | undefined {
  try {
    return field.selectionStart === null
      ? undefined
      : [field.selectionStart, field.selectionEnd ?? field.selectionStart];
  } catch {
    return undefined; // A number field has no caret to ask for.
  }
}

function restoreCaret(field: HTMLInputElement | HTMLTextAreaElement, [start, end]: [number, number]) {
  try {
    field.setSelectionRange(start, end);
  } catch {
    // As above.
  }
}

/** A field a shopper types into (not a box, a button or a file). */
export function isTextField(element: unknown): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !NOT_TYPED.has(element.type);
}

const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'submit', 'image', 'button', 'reset', 'hidden']);
