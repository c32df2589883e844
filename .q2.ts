import { formatAmountWithDecimals as f } from './src/modules/search/currency-amount.ts';
console.log(f(995,'EUR'), f(995,'JPY'), f(995,'KWD'), f(5,'EUR'), f(0,'EUR'), f(-5,'EUR'), f(-0,'EUR'), f('-000','EUR'), f(123456789012345678901234567890n,'EUR'), f('007','KWD'), f(-995,'JPY'), f(5, 'CLF'));
try { f(1.5,'EUR') } catch(e) { console.log((e as Error).message) }
try { f(1,'eur') } catch(e) { console.log((e as Error).message) }
try { f(1,'ZZZ') } catch(e) { console.log((e as Error).message) }
