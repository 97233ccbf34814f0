/** Masks for personal data shown to someone who is not its owner (public lookups, login hints). */

/** 13800000001 -> 138****0001; anything shorter than 7 characters is masked whole. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length < 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** 张三 -> 张*, 欧阳娜娜 -> 欧***: only the first character stays. */
export function maskName(name: string | null | undefined): string {
  const chars = Array.from(name ?? '');
  if (chars.length === 0) return '';
  return `${chars[0]}${'*'.repeat(Math.max(chars.length - 1, 1))}`;
}

/** 18 characters -> first 4, ten stars, last 4. */
export function maskCreditCode(code: string | null | undefined): string {
  if (!code) return '';
  if (code.length <= 8) return '*'.repeat(code.length);
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 8)}${code.slice(-4)}`;
}
