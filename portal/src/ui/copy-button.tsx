import { useState } from 'react';

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="button button-small"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied('copied'),
          () => setCopied('failed'),
        )
      }
    >
      {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed: select and copy' : label}
      <span className="visually-hidden" aria-live="polite">
        {copied === 'copied' ? ' (copied to the clipboard)' : ''}
      </span>
    </button>
  );
}
