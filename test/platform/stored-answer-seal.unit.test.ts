import { answerSeal, StoredAnswerSealError } from '../../src/platform/http/stored-answer-seal.ts';

describe('the seal of stored answers that show a credential', () => {
  const seal = answerSeal(Buffer.from('the idempotency secret'));
  const answer = '{"data":{"createApiKey":{"secret":"sk_test_abcdefghijklmnopqrstuvwxyz123456"}}}';

  it('opens what it sealed, where it was sealed, and the sealed text shows nothing of it', () => {
    const sealed = seal.seal(answer, 'project\nkey-1');
    expect(sealed).toMatch(/^sealed:v1:[\w-]+$/);
    expect(sealed).not.toContain('sk_test_');
    expect(seal.open(sealed, 'project\nkey-1')).toBe(answer);
    expect(seal.seal(answer, 'project\nkey-1')).not.toBe(sealed);
  });

  it('refuses a sealed answer moved to another key or project, changed, or sealed under another secret', () => {
    const sealed = seal.seal(answer, 'project\nkey-1');
    expect(() => seal.open(sealed, 'project\nkey-2')).toThrow(StoredAnswerSealError);
    expect(() => seal.open(sealed, 'other project\nkey-1')).toThrow(StoredAnswerSealError);
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => seal.open(flipped, 'project\nkey-1')).toThrow(StoredAnswerSealError);
    expect(() => answerSeal(Buffer.from('another secret')).open(sealed, 'project\nkey-1')).toThrow(
      StoredAnswerSealError,
    );
  });

  it('passes an answer stored plain through as it is', () => {
    expect(seal.open('{"id":"1"}', 'project\nkey-1')).toBe('{"id":"1"}');
  });
});
