import { countNoun } from '@domain/format';

/** 'Maanden tot EOL': 0 is this month, negative once passed (spec 2 §2.11). */
export function eolMonthsText(months: number): string {
  if (months < 0) return `Verlopen (${countNoun(-months, 'maand', 'maanden')} geleden)`;
  if (months === 0) return 'Deze maand';
  return countNoun(months, 'maand', 'maanden');
}
