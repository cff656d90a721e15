import type { Random } from './random';

const firstNames = [
  'Jan',
  'Pieter',
  'Kees',
  'Sanne',
  'Lotte',
  'Daan',
  'Sem',
  'Emma',
  'Julia',
  'Lucas',
  'Milan',
  'Tess',
  'Fleur',
  'Bram',
  'Noah',
  'Anouk',
  'Thijs',
  'Femke',
  'Ruben',
  'Iris',
  'Jesse',
  'Lisa',
  'Stijn',
  'Eva',
  'Niels',
  'Maud',
  'Joost',
  'Romy',
  'Wouter',
  'Naomi',
  'Koen',
  'Esmee',
  'Bas',
  'Yara',
  'Tim',
  'Sophie',
  'Mohamed',
  'Fatima',
  'Ahmed',
  'Aylin',
];
const lastNames = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van den Berg',
  'van Dijk',
  'Bakker',
  'Janssen',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Smits',
  'de Graaf',
  'van der Meer',
  'van der Linden',
  'Kok',
  'Jacobs',
  'de Haan',
  'Vermeulen',
  'Yilmaz',
  'El Amrani',
];
const jobTitles = [
  'Medewerker',
  'Teamleider',
  'Office manager',
  'IT-coördinator',
  'Inkoper',
  'Adviseur',
  'Accountmanager',
  'Projectleider',
];

export const cities: { city: string; from: number; to: number; streets: string[] }[] = [
  {
    city: 'Amsterdam',
    from: 1011,
    to: 1109,
    streets: ['Damrak', 'Keizersgracht', 'Overtoom', 'Ferdinand Bolstraat', 'Javastraat'],
  },
  {
    city: 'Rotterdam',
    from: 3011,
    to: 3089,
    streets: ['Coolsingel', 'Witte de Withstraat', 'Meent', 'Goudsesingel', 'Kralingse Plaslaan'],
  },
  {
    city: 'Utrecht',
    from: 3511,
    to: 3585,
    streets: ['Oudegracht', 'Biltstraat', 'Amsterdamsestraatweg', 'Nachtegaalstraat'],
  },
  {
    city: 'Den Haag',
    from: 2491,
    to: 2599,
    streets: ['Laan van Meerdervoort', 'Frederik Hendriklaan', 'Spui', 'Prinsegracht'],
  },
  { city: 'Eindhoven', from: 5611, to: 5658, streets: ['Stratumseind', 'Kruisstraat', 'Boschdijk', 'Vestdijk'] },
  { city: 'Groningen', from: 9711, to: 9747, streets: ['Herestraat', 'Oosterstraat', 'Paterswoldseweg', 'Zonnelaan'] },
  { city: 'Tilburg', from: 5011, to: 5049, streets: ['Heuvelstraat', 'Ringbaan-Oost', 'Piusstraat', 'Korvelseweg'] },
  { city: 'Breda', from: 4811, to: 4839, streets: ['Ginnekenweg', 'Haagweg', 'Baronielaan', 'Nieuwe Boschstraat'] },
  { city: 'Nijmegen', from: 6511, to: 6546, streets: ['Molenstraat', 'Graafseweg', 'Sint Annastraat', 'Hatertseweg'] },
  { city: 'Arnhem', from: 6811, to: 6846, streets: ['Jansbinnensingel', 'Amsterdamseweg', 'Velperweg', 'Steenstraat'] },
  {
    city: 'Haarlem',
    from: 2011,
    to: 2037,
    streets: ['Grote Houtstraat', 'Kleverparkweg', 'Rijksstraatweg', 'Zijlweg'],
  },
  {
    city: 'Zwolle',
    from: 8011,
    to: 8043,
    streets: ['Diezerstraat', 'Assendorperstraat', 'Ittersumallee', 'Koelmalaan'],
  },
  { city: 'Leiden', from: 2311, to: 2334, streets: ['Breestraat', 'Haarlemmerstraat', 'Morsweg', 'Hoge Rijndijk'] },
  {
    city: 'Maastricht',
    from: 6211,
    to: 6229,
    streets: ['Wycker Brugstraat', 'Tongerseweg', 'Akerstraat', 'Scharnerweg'],
  },
];

const LETTERS = 'ABCEGHJKLMNPRTVWXZ';

export function fakeAddress(rnd: Random) {
  const place = rnd.pick(cities);
  let letters = '';
  do letters = rnd.pick([...LETTERS]) + rnd.pick([...LETTERS]);
  while (letters === 'SA' || letters === 'SD' || letters === 'SS');
  return {
    street: rnd.pick(place.streets),
    number: String(rnd.int(1, 250)),
    addition: rnd.chance(0.15) ? rnd.pick(['A', 'B', 'bis', '2']) : null,
    zipcode: `${rnd.int(place.from, place.to)} ${letters}`,
    city: place.city,
    country: 'Nederland',
  };
}

export function fakePerson(rnd: Random) {
  const first = rnd.pick(firstNames);
  const last = rnd.pick(lastNames);
  return {
    first_name: first,
    last_name: last,
    title: rnd.pick(jobTitles),
    phone: `06${String(rnd.int(10_000_000, 99_999_999))}`,
  };
}

export function emailFor(first: string, last: string, domain: string, n: number): string {
  const local = `${first}.${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return `${local}${n}@${domain}`;
}

export const companyWords = [
  'Noord',
  'Zuid',
  'Delta',
  'Polder',
  'Kust',
  'Rivier',
  'Molen',
  'Tulp',
  'Dijk',
  'Haven',
  'Brug',
  'Duin',
];
export const companyKinds = [
  'Zorggroep',
  'Onderwijsgroep',
  'Gemeente',
  'Logistiek',
  'Bouw',
  'Advocaten',
  'Accountants',
  'Woningcorporatie',
  'Techniek',
  'Transport',
];
