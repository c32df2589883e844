/**
 * Writes CSV report lines straight from the database's binary row (report-encoding.ts) into byte chunks: no
 * per-cell strings, arrays or closures, so the export allocates little more than the driver's one string per
 * row. The bytes are exactly those of `csvLine(reportCells(row))` (report-row.ts, the readable definition of a
 * line; a unit test holds the two together): RFC 4180 quoting, formula neutralisation of every text cell,
 * timestamps as ISO 8601 with milliseconds, amounts as digits.
 */
import { currencyExponent, formatAmountWithDecimals } from './currency-amount.ts';
import { PROJECT_ID_COLUMN, REPORT_FIELDS, type ReportFieldKind } from './report-encoding.ts';

/** Bytes per chunk handed to the response: ~230 lines; small enough to stay out of V8's large-object space. */
const CHUNK_BYTES = 64 * 1024;

const KIND_CODES: Readonly<Record<ReportFieldKind, number>> = {
  uuid: 0,
  'uuid?': 1,
  timestamp: 2,
  'timestamp?': 3,
  bigint: 4,
  'bigint?': 5,
  text: 6,
  amountWithDecimals: 7,
};
const KINDS = Int8Array.from(REPORT_FIELDS.map(([, kind]) => KIND_CODES[kind]));
/** The project_id cell written from the writer's `projectId` rather than read from the row. */
const GIVEN_PROJECT_ID = 8;
const WITH_GIVEN_PROJECT_ID = Int8Array.from(REPORT_FIELDS, ([column, kind]) =>
  column === PROJECT_ID_COLUMN ? GIVEN_PROJECT_ID : KIND_CODES[kind],
);
/** A uuid as PostgreSQL writes it. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Lowercase hex digits as character codes, as PostgreSQL writes a uuid. */
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

const QUOTE = 0x22;
const COMMA = 0x2c;
const APOSTROPHE = 0x27;
/** `=`, `+`, `-`, `@`, TAB, CR (csv.ts FORMULA_STARTS). */
const isFormulaStart = (byte: number) =>
  byte === 0x3d || byte === 0x2b || byte === 0x2d || byte === 0x40 || byte === 0x09 || byte === 0x0d;
const needsQuoting = (byte: number) => byte === QUOTE || byte === COMMA || byte === 0x0a || byte === 0x0d;

const TWO_32 = 4294967296;
/** PostgreSQL timestamps count microseconds from 2000-01-01 UTC. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const DAY_MS = 86_400_000;
/** timestamptz 'infinity' (and -infinity, one less). */
const INFINITY = 0x7fffffffffffffffn;
/** Years 1 to 9999: what the text form the report writes can hold. */
const FIRST_MS = -62_135_596_800_000;
const END_MS = 253_402_300_800_000;

export class ReportLineWriter {
  readonly #kinds: Int8Array;
  /** The project_id cell's bytes when the rows do not carry it. */
  readonly #projectId: Buffer | null;
  #buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  #position = 0;
  #full: Buffer[] = [];
  /** The row being written, decoded from hex. */
  #row = Buffer.allocUnsafe(4096);
  #length = 0;
  /** Read position in #row. */
  #at = 0;
  /** `YYYY-MM-DDT` per day number: rows come in date order, so a handful of days at a time. */
  readonly #days = new Map<number, Buffer>();
  /** Currency exponents by the currency's bytes (up to four) as one number. */
  readonly #exponents = new Map<number, number>();

  /**
   * With `projectId` (a uuid as PostgreSQL writes it) the rows leave out the project_id cell (report-encoding.ts
   * PROJECT_ID_COLUMN) and every line gets this one; without it the rows carry it like any uuid.
   */
  constructor(options: { projectId?: string } = {}) {
    if (options.projectId !== undefined && !CANONICAL_UUID.test(options.projectId)) {
      throw new Error("the report's project id is not a uuid as PostgreSQL writes it");
    }
    this.#kinds = options.projectId === undefined ? KINDS : WITH_GIVEN_PROJECT_ID;
    this.#projectId = options.projectId === undefined ? null : Buffer.from(options.projectId, 'latin1');
  }

  /** Appends the line of one row: `hex` is the report column as PostgreSQL's hex text (`\x…`). */
  line(hex: string): void {
    // Every input byte (two hex digits) becomes at most three output bytes; cells add quotes and separators.
    this.#reserve(hex.length * 2 + 256);
    if (hex.charCodeAt(0) !== 0x5c || hex.charCodeAt(1) !== 0x78) throw new Error('report row is not hex');
    const length = (hex.length - 2) / 2;
    if (length > this.#row.length) this.#row = Buffer.allocUnsafe(length * 2);
    // One native decode per row; the cells are then read from bytes.
    if (this.#row.write(hex.slice(2), 0, 'hex') !== length) throw new Error('report row is not hex');
    this.#length = length;
    this.#at = 0;
    const kinds = this.#kinds;
    for (let field = 0; field < kinds.length; field++) {
      if (field > 0) this.#buffer[this.#position++] = COMMA;
      switch (kinds[field]) {
        case 0:
          this.#uuid();
          break;
        case 1:
          if (this.#flag()) this.#uuid();
          break;
        case 2:
          this.#timestamp();
          break;
        case 3:
          if (this.#flag()) this.#timestamp();
          break;
        case 4:
          this.#bigint(true);
          break;
        case 5:
          if (this.#flag()) this.#bigint(false);
          break;
        case 6:
          this.#text();
          break;
        case GIVEN_PROJECT_ID:
          this.#position += this.#projectId!.copy(this.#buffer, this.#position);
          break;
        default:
          this.#amountWithDecimals();
      }
    }
    if (this.#at !== length) throw new Error('report row does not match its encoding');
    this.#buffer[this.#position++] = 0x0d;
    this.#buffer[this.#position++] = 0x0a;
  }

  /** The chunks filled so far; with `all`, also the one being filled (then the writer starts afresh). */
  take(all: boolean): Buffer[] {
    if (all && this.#position > 0) this.#finishChunk(CHUNK_BYTES);
    const chunks = this.#full;
    this.#full = [];
    return chunks;
  }

  #reserve(bytes: number): void {
    if (this.#position + bytes > this.#buffer.length) this.#finishChunk(Math.max(CHUNK_BYTES, bytes));
  }

  #finishChunk(nextSize: number): void {
    if (this.#position > 0) this.#full.push(this.#buffer.subarray(0, this.#position));
    this.#buffer = Buffer.allocUnsafe(nextSize);
    this.#position = 0;
  }

  #byte(): number {
    if (this.#at >= this.#length) throw new Error('report row does not match its encoding');
    return this.#row[this.#at++]!;
  }

  #flag(): boolean {
    return this.#byte() === 1;
  }

  /** Four bytes as an unsigned number. */
  #uint32(): number {
    let value = 0;
    for (let index = 0; index < 4; index++) value = value * 256 + this.#byte();
    return value;
  }

  /** Eight bytes as a signed integer: a number when safe, else a bigint. */
  #int64(): number | bigint {
    const start = this.#at;
    const high = this.#uint32();
    const low = this.#uint32();
    const signedHigh = high >= 0x80000000 ? high - TWO_32 : high;
    if (signedHigh >= -0x200000 && signedHigh < 0x200000) return signedHigh * TWO_32 + low;
    return this.#row.readBigInt64BE(start);
  }

  /** 8-4-4-4-12 lowercase hex digits, as PostgreSQL writes a uuid. */
  #uuid(): void {
    if (this.#at + 16 > this.#length) throw new Error('report row does not match its encoding');
    const row = this.#row;
    let at = this.#at;
    const buffer = this.#buffer;
    let position = this.#position;
    for (let index = 0; index < 16; index++) {
      if (index === 4 || index === 6 || index === 8 || index === 10) buffer[position++] = 0x2d;
      const byte = row[at++]!;
      buffer[position++] = HEX_DIGITS[byte >> 4]!;
      buffer[position++] = HEX_DIGITS[byte & 15]!;
    }
    this.#position = position;
    this.#at = at;
  }

  /** `2026-11-21T10:00:00.123Z`: microseconds cut, as isoTimestamp (report-row.ts) does. */
  #timestamp(): void {
    const micros = this.#int64();
    let ms: number;
    if (typeof micros === 'number') {
      const microRemainder = ((micros % 1000) + 1000) % 1000;
      ms = (micros - microRemainder) / 1000 + POSTGRES_EPOCH_MS;
    } else {
      // Beyond ±285 years of 2000 microseconds are no safe number; milliseconds still are.
      if (micros === INFINITY || micros === -INFINITY - 1n) {
        throw new RangeError('the report holds an infinite timestamp');
      }
      const microRemainder = ((micros % 1000n) + 1000n) % 1000n;
      ms = Number((micros - microRemainder) / 1000n) + POSTGRES_EPOCH_MS;
    }
    if (ms < FIRST_MS || ms >= END_MS) throw new RangeError(`timestamp ${ms} ms is outside years 1 to 9999`);
    const timeOfDay = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
    const day = (ms - timeOfDay) / DAY_MS;
    let prefix = this.#days.get(day);
    if (!prefix) {
      if (this.#days.size > 1000) this.#days.clear();
      prefix = Buffer.from(new Date(day * DAY_MS).toISOString().slice(0, 11), 'latin1');
      this.#days.set(day, prefix);
    }
    const buffer = this.#buffer;
    let position = this.#position;
    for (let index = 0; index < 11; index++) buffer[position++] = prefix[index]!;
    const seconds = Math.floor(timeOfDay / 1000);
    position = twoDigits(buffer, position, Math.floor(seconds / 3600));
    buffer[position++] = 0x3a;
    position = twoDigits(buffer, position, Math.floor(seconds / 60) % 60);
    buffer[position++] = 0x3a;
    position = twoDigits(buffer, position, seconds % 60);
    buffer[position++] = 0x2e;
    const millis = timeOfDay % 1000;
    buffer[position++] = 0x30 + Math.floor(millis / 100);
    position = twoDigits(buffer, position, millis % 100);
    buffer[position++] = 0x5a;
    this.#position = position;
  }

  /**
   * A bigint column. The order's amount is a text cell in report-row.ts, so a negative one would be
   * neutralised (`neutralised`); settlement and fee amounts are written as numbers, sign and all.
   */
  #bigint(neutralised: boolean): void {
    const value = this.#int64();
    if (value < 0 && neutralised) this.#buffer[this.#position++] = APOSTROPHE;
    this.#digits(value);
  }

  #digits(value: number | bigint): void {
    if (typeof value === 'bigint') {
      this.#position += this.#buffer.write(value.toString(), this.#position, 'latin1');
      return;
    }
    let magnitude = value;
    if (value < 0) {
      this.#buffer[this.#position++] = 0x2d;
      magnitude = -value;
    }
    let length = 1;
    for (let rest = magnitude; rest >= 10; rest = Math.floor(rest / 10)) length++;
    let position = this.#position + length;
    this.#position = position;
    do {
      const digit = magnitude % 10;
      this.#buffer[--position] = 0x30 + digit;
      magnitude = (magnitude - digit) / 10;
    } while (magnitude > 0);
  }

  /** A text cell as csvField(csvCell(text)) writes it; the bytes are UTF-8 already and are copied as they are. */
  #text(): void {
    const start = this.#at;
    let quoted = false;
    let byte = this.#byte();
    const formula = isFormulaStart(byte);
    while (byte !== 0) {
      if (needsQuoting(byte)) quoted = true;
      byte = this.#byte();
    }
    const end = this.#at - 1;
    const buffer = this.#buffer;
    if (quoted) buffer[this.#position++] = QUOTE;
    if (formula) buffer[this.#position++] = APOSTROPHE;
    if (!quoted) {
      this.#position += this.#row.copy(buffer, this.#position, start, end);
      return;
    }
    const row = this.#row;
    for (let at = start; at < end; at++) {
      const next = row[at]!;
      buffer[this.#position++] = next;
      if (next === QUOTE) buffer[this.#position++] = QUOTE;
    }
    buffer[this.#position++] = QUOTE;
  }

  /** The transaction's amount in its currency's main unit (formatAmountWithDecimals), e.g. `9.95`. */
  #amountWithDecimals(): void {
    const amount = this.#int64();
    const start = this.#at;
    let key = 0;
    let length = 0;
    for (let byte = this.#byte(); byte !== 0; byte = this.#byte()) {
      key = key * 256 + byte;
      length++;
    }
    let exponent = length <= 4 ? this.#exponents.get(key) : undefined;
    if (exponent === undefined || typeof amount === 'bigint' || amount < 0) {
      const currency = this.#row.toString('utf8', start, this.#at - 1);
      exponent = currencyExponent(currency);
      if (length <= 4) this.#exponents.set(key, exponent);
      if (typeof amount === 'bigint' || amount < 0) {
        // A negative amount (refused by the schema) is text beginning with `-`: neutralised like any such cell.
        const text = formatAmountWithDecimals(BigInt(amount), currency);
        if (text.startsWith('-')) this.#buffer[this.#position++] = APOSTROPHE;
        this.#position += this.#buffer.write(text, this.#position, 'latin1');
        return;
      }
    }
    const scale = 10 ** exponent;
    if (scale === 1) {
      this.#digits(amount);
      return;
    }
    const fraction = amount % scale;
    this.#digits((amount - fraction) / scale);
    this.#buffer[this.#position++] = 0x2e;
    // Leading zeros of the fraction: 5 fils are 0.005 KWD.
    for (let place = scale / 10; place > fraction && place > 1; place /= 10) {
      this.#buffer[this.#position++] = 0x30;
    }
    if (fraction > 0) this.#digits(fraction);
    else if (scale > 1) this.#buffer[this.#position++] = 0x30;
  }
}

function twoDigits(buffer: Buffer, position: number, value: number): number {
  buffer[position] = 0x30 + Math.floor(value / 10);
  buffer[position + 1] = 0x30 + (value % 10);
  return position + 2;
}
