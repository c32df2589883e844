/**
 * Writes CSV report lines straight from the database's binary COPY stream (report-encoding.ts) into byte chunks:
 * no per-row or per-cell strings, arrays or closures, so the export allocates little more than the chunks the
 * socket delivers. The bytes are exactly those of `csvLine(reportCells(row))` (report-row.ts, the readable definition of a
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

/** `PGCOPY\n\xff\r\n\0`: the start of PostgreSQL's binary COPY format. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** The signature, a 32-bit flags field and the 32-bit length of the header extension that follows. */
const COPY_HEADER_BYTES = COPY_SIGNATURE.length + 8;

export class ReportLineWriter {
  readonly #kinds: Int8Array;
  /** Fields of a COPY row: one per kind, two for amountWithDecimals (amount, currency). */
  readonly #fields: number;
  /** The project_id cell's bytes when the rows do not carry it. */
  readonly #projectId: Buffer | null;
  #buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  #position = 0;
  #full: Buffer[] = [];
  /** Bytes of a row (or of the header) that the next chunk completes. */
  #pending: Buffer | null = null;
  #headerRead = false;
  /** The COPY's end marker has been read: nothing may follow. */
  #ended = false;
  /** The chunk the row being written is in, and the row's read position and end in it. */
  #row: Buffer = Buffer.alloc(0);
  #at = 0;
  #length = 0;
  /** The lengths of the row's fields (-1 for NULL), read by #scan, and the next field's index. */
  readonly #lengths = new Int32Array(64);
  #field = 0;
  /** `YYYY-MM-DDT` per day number: rows come in date order, so a handful of days at a time. */
  readonly #days = new Map<number, Buffer>();
  #lastDay = Number.NaN;
  #lastPrefix: Buffer | undefined;
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
    let fields = 0;
    for (const kind of this.#kinds) fields += kind === GIVEN_PROJECT_ID ? 0 : kind === 7 ? 2 : 1;
    this.#fields = fields;
  }

  /**
   * Appends the lines of the rows in `chunk`, the next bytes of the report's binary COPY stream (the header,
   * rows, the end marker). A row split across chunks is written when the chunk that completes it arrives.
   */
  write(chunk: Buffer): void {
    let data = chunk;
    if (this.#pending) {
      data = Buffer.concat([this.#pending, chunk]);
      this.#pending = null;
    }
    let at = 0;
    if (!this.#headerRead) {
      at = this.#header(data);
      if (at < 0) {
        this.#pending = Buffer.from(data);
        return;
      }
    }
    while (at < data.length) {
      if (this.#ended) throw new Error('report data after its end');
      if (data.length - at < 2) break;
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        this.#ended = true;
        at += 2;
        continue;
      }
      if (fields !== this.#fields) throw new Error('report row does not match its encoding');
      const end = this.#scan(data, at + 2, fields);
      if (end < 0) break;
      this.#line(data, at + 2, end);
      at = end;
    }
    // A copy: a view would keep the whole chunk alive.
    if (at < data.length) this.#pending = Buffer.from(data.subarray(at));
  }

  /** Checks that the stream ended where the COPY's end marker said, not in the middle of a row. */
  end(): void {
    if (!this.#ended || this.#pending) throw new Error('report ended in the middle of a row');
  }

  /** The offset of the first row after the COPY header, or -1 when `data` does not hold the whole header yet. */
  #header(data: Buffer): number {
    if (data.length < COPY_HEADER_BYTES) return -1;
    if (!data.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) {
      throw new Error('report is not a binary COPY stream');
    }
    const start = COPY_HEADER_BYTES + data.readUInt32BE(COPY_SIGNATURE.length + 4);
    if (data.length < start) return -1;
    this.#headerRead = true;
    return start;
  }

  /** Writes the line of the row whose fields are `data[start, end)`. */
  #line(data: Buffer, start: number, end: number): void {
    // Every input byte becomes at most three output bytes; cells add quotes and separators.
    this.#reserve((end - start) * 3 + 256);
    this.#row = data;
    this.#at = start;
    this.#length = end;
    this.#field = 0;
    const kinds = this.#kinds;
    for (let field = 0; field < kinds.length; field++) {
      if (field > 0) this.#buffer[this.#position++] = COMMA;
      switch (kinds[field]) {
        case 0:
          if (this.#value(16, false)) this.#uuid();
          break;
        case 1:
          if (this.#value(16, true)) this.#uuid();
          break;
        case 2:
          if (this.#value(8, false)) this.#timestamp();
          break;
        case 3:
          if (this.#value(8, true)) this.#timestamp();
          break;
        case 4:
          if (this.#value(8, false)) this.#bigint(true);
          break;
        case 5:
          if (this.#value(8, true)) this.#bigint(false);
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
    if (this.#at !== end) throw new Error('report row does not match its encoding');
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

  /** The next field's length (-1 for NULL; #scan checked that it fits in the row), stepping over it. */
  #fieldLength(): number {
    this.#at += 4;
    return this.#lengths[this.#field++]!;
  }

  /**
   * Reads the lengths of the `fields` fields that start at `at` into #lengths: the row's end, or -1 when `data`
   * ends before it does.
   */
  #scan(data: Buffer, at: number, fields: number): number {
    if (fields > this.#lengths.length) throw new Error('report row does not match its encoding');
    let end = at;
    for (let field = 0; field < fields; field++) {
      if (end + 4 > data.length) return -1;
      const length = (data[end]! << 24) | (data[end + 1]! << 16) | (data[end + 2]! << 8) | data[end + 3]!;
      if (length < -1) throw new Error('report row does not match its encoding');
      this.#lengths[field] = length;
      end += 4 + Math.max(length, 0);
    }
    return end > data.length ? -1 : end;
  }

  /** Reads a fixed-size field's length: true when a value of `size` bytes follows, false for a NULL one. */
  #value(size: number, nullable: boolean): boolean {
    const length = this.#fieldLength();
    if (length === size) return true;
    if (length === -1 && nullable) return false;
    throw new Error('report row does not match its encoding');
  }

  /** Eight bytes as a signed integer: a number when safe, else a bigint. */
  #int64(): number | bigint {
    const row = this.#row;
    const at = this.#at;
    const high = row.readInt32BE(at);
    const low = row.readUInt32BE(at + 4);
    this.#at = at + 8;
    if (high >= -0x200000 && high < 0x200000) return high * TWO_32 + low;
    return row.readBigInt64BE(at);
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
    // Consecutive rows mostly share a day: the last one is checked before the map.
    let prefix = day === this.#lastDay ? this.#lastPrefix : this.#days.get(day);
    if (!prefix) {
      if (this.#days.size > 1000) this.#days.clear();
      prefix = Buffer.from(new Date(day * DAY_MS).toISOString().slice(0, 11), 'latin1');
      this.#days.set(day, prefix);
    }
    this.#lastDay = day;
    this.#lastPrefix = prefix;
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
    const length = this.#fieldLength();
    if (length <= 0) return; // NULL or empty: an empty cell
    const start = this.#at;
    const end = start + length;
    this.#at = end;
    const row = this.#row;
    const buffer = this.#buffer;
    let quoted = false;
    for (let at = start; at < end; at++) {
      if (needsQuoting(row[at]!)) {
        quoted = true;
        break;
      }
    }
    if (quoted) buffer[this.#position++] = QUOTE;
    if (isFormulaStart(row[start]!)) buffer[this.#position++] = APOSTROPHE;
    if (!quoted) {
      // Most cells are a few bytes: a loop costs less than Buffer#copy's call.
      if (length > 32) {
        this.#position += row.copy(buffer, this.#position, start, end);
        return;
      }
      let position = this.#position;
      for (let at = start; at < end; at++) buffer[position++] = row[at]!;
      this.#position = position;
      return;
    }
    for (let at = start; at < end; at++) {
      const next = row[at]!;
      buffer[this.#position++] = next;
      if (next === QUOTE) buffer[this.#position++] = QUOTE;
    }
    buffer[this.#position++] = QUOTE;
  }

  /** The transaction's amount in its currency's main unit (formatAmountWithDecimals), e.g. `9.95`. */
  #amountWithDecimals(): void {
    this.#value(8, false);
    const amount = this.#int64();
    const length = this.#fieldLength();
    if (length < 0) throw new Error('report row does not match its encoding');
    const start = this.#at;
    this.#at = start + length;
    let key = 0;
    for (let at = start; at < this.#at; at++) key = key * 256 + this.#row[at]!;
    let exponent = length <= 4 ? this.#exponents.get(key) : undefined;
    if (exponent === undefined || typeof amount === 'bigint' || amount < 0) {
      const currency = this.#row.toString('utf8', start, this.#at);
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
