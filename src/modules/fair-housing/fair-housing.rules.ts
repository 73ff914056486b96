import type { FairHousingWarning } from '../../contracts/market';

/**
 * Phrases commonly flagged in listing advertising because they state or imply a preference about who may live in
 * a home (race, colour, religion, sex, disability, familial status, national origin). A small list that warns the
 * realtor; it never blocks a description, and describing the HOME (e.g. "walk-in closet") is fine.
 */
const RULES: Array<{ pattern: RegExp; reason: string; suggestion: string }> = [
  {
    pattern: /\bno (kids|children)\b/i,
    reason: 'excludes families with children',
    suggestion: 'describe the home instead',
  },
  {
    pattern: /\badults? only\b/i,
    reason: 'excludes families with children',
    suggestion: 'say "55+ community" only where the law allows it',
  },
  {
    pattern: /\b(perfect|ideal|great) for (a )?(couple|singles?|young professionals?|bachelors?)\b/i,
    reason: 'states who should live there',
    suggestion: 'describe the space, e.g. "one-bedroom with home office"',
  },
  {
    pattern: /\b(mature|older) (persons?|people|couples?)\b/i,
    reason: 'states a preference about age',
    suggestion: 'describe the home',
  },
  {
    pattern: /\b(christian|jewish|muslim|catholic) (home|family|neighbou?rhood|community)\b/i,
    reason: 'states a religious preference',
    suggestion: 'name nearby places of worship only as landmarks, if at all',
  },
  {
    pattern: /\b(white|black|hispanic|asian|latino) (neighbou?rhood|community|area)\b/i,
    reason: 'describes residents by race or origin',
    suggestion: 'describe amenities and distances instead',
  },
  {
    pattern: /\b(exclusive|restricted|integrated) (neighbou?rhood|community)\b/i,
    reason: 'implies who is welcome',
    suggestion: 'describe the neighbourhood’s amenities',
  },
  {
    pattern: /\bno (wheelchairs?|disabled|handicapped)\b/i,
    reason: 'excludes people with disabilities',
    suggestion: 'describe accessibility features factually',
  },
  {
    pattern: /\b(able[- ]bodied|must be able to climb)\b/i,
    reason: 'excludes people with disabilities',
    suggestion: 'state the number of stairs instead',
  },
  {
    pattern: /\b(english[- ]speaking|speak english) only\b/i,
    reason: 'implies a national-origin preference',
    suggestion: 'omit it',
  },
  {
    pattern: /\b(man|woman|men|women|male|female) only\b/i,
    reason: 'states a preference about sex',
    suggestion: 'omit it',
  },
  {
    pattern: /\bfamily[- ]friendly neighbou?rhood\b/i,
    reason: 'may imply a familial-status preference',
    suggestion: 'describe parks, schools and distances',
  },
  {
    pattern: /\bsafe neighbou?rhood\b/i,
    reason: 'often read as coded language about residents',
    suggestion: 'cite facts such as street lighting or a gated entry',
  },
];

/** The flagged phrases in a description, in order of appearance. */
export function fairHousingWarnings(text: string): FairHousingWarning[] {
  const out: FairHousingWarning[] = [];
  for (const rule of RULES) {
    const re = new RegExp(rule.pattern.source, 'gi');
    for (let m = re.exec(text); m; m = re.exec(text))
      out.push({ phrase: m[0], index: m.index, reason: rule.reason, suggestion: rule.suggestion });
  }
  return out.sort((a, b) => a.index - b.index);
}
