/**
 * A tiny HTML template tag that escapes by default: every interpolated value is escaped unless it is already
 * `SafeHtml` (the output of another `html` template). Merchant-supplied text (description, merchant name, URLs)
 * can therefore only ever appear as text, and no template has to remember to escape.
 */

export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Renderable = SafeHtml | string | number | boolean | null | undefined | readonly Renderable[];

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

/** Fixed attribute text (never user input) that is present only when `on`, e.g. `required`. */
export function flag(attributes: string, on: boolean): SafeHtml {
  return new SafeHtml(on ? ` ${attributes}` : '');
}
