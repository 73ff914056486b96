/** An amount in minor units as people read it ("$12.43"): the one server-side money format (mail, labels). */
export function formatMinor(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
}
