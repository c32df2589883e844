/**
 * The simulated bank's page over plain HTTP (no browser): read it, then post the customer's choice with the
 * page's CSRF token and cookie, as a browser would. Answers the bank's redirect.
 */
export async function chooseAtBank(
  paymentUrl: string,
  outcome: 'approve' | 'cancel' | 'fail',
): Promise<{ status: number; location: string | null }> {
  const page = await fetch(paymentUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the bank page answered ${page.status}`);
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  const cookie = page.headers.get('set-cookie')?.split(';')[0];
  if (!token || !cookie) throw new Error('the bank page has no CSRF token or cookie');
  const answer = await fetch(paymentUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ _csrf: token, outcome }).toString(),
  });
  await answer.text();
  return { status: answer.status, location: answer.headers.get('location') };
}
