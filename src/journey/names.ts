/** 'Ramesh Kumar Sharma' -> first 'Ramesh', middle 'Kumar', last 'Sharma'. */
export function splitName(fullName: unknown): { firstname: string; middlename: string; lastname: string } {
  const words = String(fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const firstname = words[0] ?? '';
  const lastname = words.length > 1 ? words[words.length - 1]! : '';
  return { firstname, middlename: words.slice(1, -1).join(' '), lastname };
}
