// Inline validation of the hosted card form: Luhn, expiry, security code length and the brand shown as typed.
// First-party and served from our own origin (CSP `script-src 'self'`). The server enforces the same rules;
// without this script the form still posts and the server answers with the same field messages.
// Card data never leaves the form except in the form post itself: nothing is stored, logged or sent elsewhere.
(() => {
  const form = document.querySelector('form[data-card-form]');
  if (!form) return;
  form.noValidate = true;

  const fields = {
    pan: form.elements.namedItem('pan'),
    expiry: form.elements.namedItem('expiry'),
    cvc: form.elements.namedItem('cvc'),
    name: form.elements.namedItem('name'),
  };
  const brandOutput = document.getElementById('card-number-brand');
  const submit = form.querySelector('button[type="submit"]');

  const message = (key, params) => {
    const text = form.getAttribute(`data-msg-${key}`) || '';
    return text.replace(/\{(\w+)\}/g, (whole, name) => (params && name in params ? params[name] : whole));
  };

  // Display only; the server decides the brand with a maintained BIN table.
  const BRANDS = [
    { id: 'amex', label: 'American Express', pattern: /^3[47]/, cvc: 4, groups: [4, 6, 5] },
    { id: 'visa', label: 'Visa', pattern: /^4/, cvc: 3 },
    { id: 'mastercard', label: 'Mastercard', pattern: /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/, cvc: 3 },
    { id: 'maestro', label: 'Maestro', pattern: /^(5018|5020|5038|5893|6304|6759|676[1-3])/, cvc: 3 },
    { id: 'discover', label: 'Discover', pattern: /^(6011|64[4-9]|65)/, cvc: 3 },
    { id: 'jcb', label: 'JCB', pattern: /^35(2[89]|[3-8])/, cvc: 3 },
    { id: 'diners-club', label: 'Diners Club', pattern: /^3(0[0-5]|[689])/, cvc: 3, groups: [4, 6, 4] },
    { id: 'unionpay', label: 'UnionPay', pattern: /^62/, cvc: 3 },
  ];

  const digitsOf = (value) => value.replace(/[\s-]/g, '');
  const brandOf = (digits) => BRANDS.find((brand) => brand.pattern.test(digits)) || null;

  const luhnValid = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  };

  const parseExpiry = (value) => {
    const match = /^\s*(\d{1,2})\s*[/\-.]?\s*(\d{2}|\d{4})\s*$/.exec(value);
    if (!match) return null;
    const month = Number(match[1]);
    const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    if (month < 1 || month > 12) return null;
    return { month, year };
  };

  const problemOf = {
    pan: (value) => {
      const digits = digitsOf(value);
      if (!digits) return message('pan-required');
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return message('pan-invalid');
      return '';
    },
    expiry: (value) => {
      if (!value.trim()) return message('expiry-required');
      const expiry = parseExpiry(value);
      if (!expiry) return message('expiry-invalid');
      const now = new Date();
      if (expiry.year * 12 + expiry.month - 1 < now.getFullYear() * 12 + now.getMonth()) {
        return message('expiry-expired');
      }
      return '';
    },
    cvc: (value) => {
      const brand = brandOf(digitsOf(fields.pan ? fields.pan.value : ''));
      const length = brand ? brand.cvc : 3;
      if (!value.trim()) return message('cvc-required');
      if (!new RegExp(`^\\d{${length}}$`).test(value.trim()))
        return message('cvc-invalid', { digits: length });
      return '';
    },
    name: (value) => {
      if (value.trim().length > 120) return message('name-invalid');
      return '';
    },
  };

  const show = (input, problem) => {
    const output = document.getElementById(`${input.id}-error`);
    if (output) output.textContent = problem;
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  const validate = (key) => {
    const input = fields[key];
    if (!input) return true;
    const problem = problemOf[key](input.value);
    show(input, problem);
    return !problem;
  };

  const groupDigits = (digits) => {
    const brand = brandOf(digits);
    const groups = brand?.groups || [4, 4, 4, 4, 3];
    const parts = [];
    let rest = digits;
    for (const size of groups) {
      if (!rest) break;
      parts.push(rest.slice(0, size));
      rest = rest.slice(size);
    }
    if (rest) parts.push(rest);
    return parts.join(' ');
  };

  const updateBrand = () => {
    if (!fields.pan || !brandOutput) return;
    const brand = brandOf(digitsOf(fields.pan.value));
    brandOutput.textContent = brand ? message('brand', { brand: brand.label }) : '';
  };

  for (const key of Object.keys(fields)) {
    const input = fields[key];
    if (!input) continue;
    input.addEventListener('blur', (event) => {
      // Only when moving on to another field: a message appearing as the Pay button is pressed would shift the
      // button away from under the pointer and swallow the click. Submitting validates everything anyway.
      const next = event.relatedTarget;
      if (!next || next.tagName === 'BUTTON') return;
      if (input.value || input.hasAttribute('aria-invalid')) validate(key);
    });
    input.addEventListener('input', () => {
      if (input.hasAttribute('aria-invalid')) validate(key);
    });
  }

  if (fields.pan) {
    fields.pan.addEventListener('input', () => {
      const input = fields.pan;
      const atEnd = input.selectionStart === input.value.length;
      const digits = digitsOf(input.value).replace(/\D/g, '').slice(0, 19);
      if (atEnd) input.value = groupDigits(digits);
      updateBrand();
    });
    updateBrand();
  }

  // After a refused post or a failed attempt, start where the problem is (and have it read out).
  const firstInvalid = form.querySelector('[aria-invalid="true"]');
  const attemptMessage = document.getElementById('attempt-message');
  if (firstInvalid) firstInvalid.focus();
  else if (attemptMessage) {
    attemptMessage.setAttribute('tabindex', '-1');
    attemptMessage.focus();
  }

  form.addEventListener('submit', (event) => {
    const invalid = Object.keys(fields).filter((key) => !validate(key));
    if (invalid.length > 0) {
      event.preventDefault();
      fields[invalid[0]].focus();
      return;
    }
    if (form.getAttribute('data-submitting') === 'true') {
      event.preventDefault();
      return;
    }
    // One submission per page view: a double click must not post the card twice (the server refuses it too).
    form.setAttribute('data-submitting', 'true');
    if (submit) {
      submit.setAttribute('aria-disabled', 'true');
      submit.textContent = message('processing');
    }
  });
})();
