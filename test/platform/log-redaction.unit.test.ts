import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, redactSensitive } from '../../src/platform/http/logger.ts';

describe('log redaction', () => {
  it('redacts card data and credentials at any depth we log', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino(loggerOptions('info'), sink);
    logger.info({
      pan: '4111111111111111',
      body: { cvc: '737', card: { pan: '5555555555554444' } },
      req: { headers: { authorization: 'Basic cGtfdGVzdF94eHg6' } },
    });
    const line = lines.join('');
    expect(line).not.toContain('4111111111111111');
    expect(line).not.toContain('5555555555554444');
    // Quoted: the CVC is a JSON string, while pid and time are bare numbers that may contain these digits.
    expect(line).not.toContain('"737"');
    expect(JSON.parse(line).body.cvc).toBe('[redacted]');
    expect(line).not.toContain('cGtfdGVzdF94eHg6');
    expect(line).toContain('[redacted]');
  });

  it('redacts inside arrays, leaves errors and other values as they are', () => {
    const plain = { reqId: 'r-1', status: 200, nested: { list: [1, 2] } };
    expect(redactSensitive(plain)).toBe(plain);
    expect(redactSensitive({ cards: [{ pan: '4111111111111111', brand: 'visa' }] })).toEqual({
      cards: [{ pan: '[redacted]', brand: 'visa' }],
    });

    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    pino(loggerOptions('info'), sink)
      .child({ reqId: 'r-2' })
      .info({ err: new Error('declined'), body: { cvc: '737' } }, 'paid');
    expect(lines.join('')).not.toContain('"737"');
    expect(JSON.parse(lines.join('')).body.cvc).toBe('[redacted]');
    expect(lines.join('')).toContain('declined');
  });
});
