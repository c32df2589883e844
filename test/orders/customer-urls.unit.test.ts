import { customerReturnUrl } from '../../src/modules/orders/customer-urls.ts';

const ORDER_ID = '7c1d3a52-95f4-4c53-9a3a-0d7e0f6b2c11';
const backTo = (returnUrl: string, failureUrl: string | null = null, succeeded = true) =>
  customerReturnUrl({ id: ORDER_ID, returnUrl, failureUrl }, succeeded);

describe('the address a customer is sent back to the shop at', () => {
  it("is the shop's URL as written, with the order id added at the end of its query", () => {
    const signed = 'https://shop.example/return?sig=abc%3D%3D&a=b%2Fc&x=1+2&y=1%202&t=%7e&tag=b&tag=a&flag';
    expect(backTo(signed)).toBe(`${signed}&order_id=${ORDER_ID}`);
    expect(backTo('HTTPS://Shop.Example:443/a/../b?q=1')).toBe(
      `HTTPS://Shop.Example:443/a/../b?q=1&order_id=${ORDER_ID}`,
    );
  });

  it("keeps a parameter of the shop's own called order_id, and adds ours after it", () => {
    expect(backTo('https://shop.example/return?order_id=shop-7')).toBe(
      `https://shop.example/return?order_id=shop-7&order_id=${ORDER_ID}`,
    );
  });

  it('puts the order id before the fragment, and a ? in the fragment is not a query', () => {
    expect(backTo('https://shop.example/return#a?b=1')).toBe(
      `https://shop.example/return?order_id=${ORDER_ID}#a?b=1`,
    );
    expect(backTo('https://shop.example/x', 'https://shop.example/failed?x=a+b#after', false)).toBe(
      `https://shop.example/failed?x=a+b&order_id=${ORDER_ID}#after`,
    );
  });

  it('writes a URL that cannot go into a header as it is the way a browser would, its query escapes kept', () => {
    expect(backTo(' https://bücher.example/café?q=ü&sig=a%2Fb+c \t')).toBe(
      `https://xn--bcher-kva.example/caf%C3%A9?q=%C3%BC&sig=a%2Fb+c&order_id=${ORDER_ID}`,
    );
    expect(backTo('https://shop.example/a b?x=1 2&y=%20')).toBe(
      `https://shop.example/a%20b?x=1%202&y=%20&order_id=${ORDER_ID}`,
    );
  });
});
