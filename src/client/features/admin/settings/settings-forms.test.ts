import { describe, expect, it } from 'vitest';
import type { Settings } from '@shared/schemas/settings';
import {
  baseFormSchema,
  baseFormValues,
  centsToDollarsText,
  fieldOfPath,
  introToText,
  mapsFormSchema,
  mapsFormValues,
  moneyDetailsFormSchema,
  moneyDetailsFormValues,
  NOT_LOCATED,
  practiceFormSchema,
  practiceFormValues,
  rulesFormSchema,
  rulesFormValues,
  serviceAreaFormSchema,
  serviceAreaFormValues,
  textToIntro,
  typedServiceArea,
} from './settings-forms';

const SETTINGS: Settings = {
  practice: {
    name: 'Kāpiti Mobile Massage',
    shortName: 'Kāpiti Massage',
    tagline: 'Massage at your door',
    intro: ['Kia ora, I am Mere.', 'I trained in Wellington.\nTen years ago.'],
    blurb: 'Swedish massage at home',
    therapistName: 'Mere',
    locality: 'Paraparaumu, Kāpiti Coast',
    region: 'Wellington',
    email: 'mere@example.nz',
    phone: '021 555 0123',
    socialUrl: null,
    socialLabel: null,
    businessAddress: null,
    baseAddress: '10 Kāpiti Road, Paraparaumu',
    base: { lat: -40.9152, lon: 175.0057 },
    localTowns: ['Paraparaumu', 'Waikanae'],
    gstNumber: '49-091-850',
    bankAccount: null,
    bankAccountName: null,
    membershipBody: null,
    membershipNumber: null,
  },
  serviceArea: { maxKm: 50, extendedFromKm: 30, extendedFeeCents: 2000, outsideLocalFeeCents: 1000 },
  rules: {
    minNoticeHours: 24,
    horizonDays: 60,
    bufferMinutes: 15,
    setupMinutes: 10,
    pendingExpiryHours: 48,
    reminderHours: 24,
    changeCutoffHours: 24,
  },
  maps: { geocoderUrl: null, geocoderKind: null, routerUrl: null, routerKind: null, userAgent: null },
};

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the introduction', () => {
  it('is one box with a blank line between paragraphs, a line break inside one kept', () => {
    expect(introToText(SETTINGS.practice.intro)).toBe(
      'Kia ora, I am Mere.\n\nI trained in Wellington.\nTen years ago.',
    );
    expect(textToIntro(introToText(SETTINGS.practice.intro))).toEqual(SETTINGS.practice.intro);
    expect(textToIntro(' One.\r\n\r\n  \n\nTwo. \n\n')).toEqual(['One.', 'Two.']);
    expect(textToIntro('   ')).toEqual([]);
  });
});

describe('Your practice', () => {
  it('sends what was loaded unchanged, empty lines as none', () => {
    const parsed = practiceFormSchema.parse(practiceFormValues(SETTINGS.practice));
    expect(parsed.intro).toEqual(SETTINGS.practice.intro);
    expect(parsed.socialUrl).toBeNull();
    expect(parsed.name).toBe(SETTINGS.practice.name);
  });
  it("says the shared schema's messages", () => {
    const result = practiceFormSchema.safeParse({
      ...practiceFormValues(SETTINGS.practice),
      name: ' ',
      intro: '\n\n',
      socialUrl: 'facebook.com/me',
    });
    expect(messages(result)).toEqual([
      ['name', 'Practice name is required'],
      ['intro', 'Write at least one paragraph of introduction'],
      ['socialUrl', 'Enter the full link, starting with https://'],
    ]);
  });
});

describe('Where you work from', () => {
  it('sends the address with where it was found, and the towns', () => {
    expect(baseFormSchema.parse(baseFormValues(SETTINGS.practice))).toEqual({
      baseAddress: SETTINGS.practice.baseAddress,
      base: SETTINGS.practice.base,
      localTowns: SETTINGS.practice.localTowns,
    });
  });
  it('refuses an address changed since it was found', () => {
    const result = baseFormSchema.safeParse({
      ...baseFormValues(SETTINGS.practice),
      baseAddress: '5 Main Road, Ōtaki',
    });
    expect(messages(result)).toEqual([['baseAddress', NOT_LOCATED]]);
  });
  it('refuses a town twice, however accented', () => {
    const result = baseFormSchema.safeParse({ ...baseFormValues(SETTINGS.practice), localTowns: ['Ōtaki', 'otaki'] });
    expect(messages(result)).toEqual([['localTowns', 'Each town once']]);
  });
});

describe('Service area and travel fees', () => {
  const schema = serviceAreaFormSchema(SETTINGS);
  it('is typed in km and dollars, sent in cents', () => {
    expect(serviceAreaFormValues({ ...SETTINGS.serviceArea, extendedFeeCents: 1250 })).toEqual({
      maxKm: '50',
      extendedFromKm: '30',
      outsideLocalFeeCents: '10',
      extendedFeeCents: '12.50',
    });
    expect(
      schema.parse({ maxKm: '40', extendedFromKm: '30', outsideLocalFeeCents: '$10', extendedFeeCents: '12.5' }),
    ).toEqual({ maxKm: 40, extendedFromKm: 30, outsideLocalFeeCents: 1000, extendedFeeCents: 1250 });
  });
  it('says what is wrong with a box, and an extended range that starts beyond the limit', () => {
    expect(
      messages(
        schema.safeParse({ maxKm: '', extendedFromKm: '2.5', outsideLocalFeeCents: '-1', extendedFeeCents: 'x' }),
      ),
    ).toEqual([
      ['maxKm', 'Service area must be a number'],
      ['extendedFromKm', 'Extended range must be a whole number of km'],
      ['outsideLocalFeeCents', 'Travel fee cannot be negative'],
      ['extendedFeeCents', 'Extended range fee must be a number'],
    ]);
    expect(
      messages(
        schema.safeParse({ maxKm: '20', extendedFromKm: '30', outsideLocalFeeCents: '10', extendedFeeCents: '20' }),
      ),
    ).toEqual([['extendedFromKm', 'The extended range must start within the service area (20 km or less)']]);
  });
  it('reads the boxes for the live sentence only when they hold amounts', () => {
    expect(typedServiceArea(serviceAreaFormValues(SETTINGS.serviceArea))).toEqual(SETTINGS.serviceArea);
    expect(typedServiceArea({ ...serviceAreaFormValues(SETTINGS.serviceArea), maxKm: '' })).toBeNull();
  });
  it('keeps cents the dollars cannot show whole', () => {
    expect(centsToDollarsText(1000)).toBe('10');
    expect(centsToDollarsText(1005)).toBe('10.05');
    expect(centsToDollarsText(0)).toBe('0');
  });
});

describe('Booking rules', () => {
  it('sends numbers, and no reminder when it is off', () => {
    expect(rulesFormSchema.parse(rulesFormValues(SETTINGS.rules))).toEqual(SETTINGS.rules);
    const off = rulesFormSchema.parse({ ...rulesFormValues(SETTINGS.rules), reminderOn: false, reminderHours: '' });
    expect(off.reminderHours).toBeNull();
  });
  it('checks the reminder hours only when the reminder is on', () => {
    const values = { ...rulesFormValues(SETTINGS.rules), reminderHours: '0' };
    expect(messages(rulesFormSchema.safeParse(values))).toEqual([['reminderHours', 'Reminder must be 1 to 168 hours']]);
    expect(messages(rulesFormSchema.safeParse({ ...values, horizonDays: '0' }))).toContainEqual([
      'horizonDays',
      'Booking horizon must be 1 to 365 days',
    ]);
  });
});

describe('Money details', () => {
  it('keeps a GST number as IRD prints it, with or without spaces', () => {
    const values = { ...moneyDetailsFormValues(SETTINGS.practice), gstNumber: '49 091 850' };
    expect(moneyDetailsFormSchema.parse(values).gstNumber).toBe('49-091-850');
    expect(messages(moneyDetailsFormSchema.safeParse({ ...values, gstNumber: '123-456-789' }))).toEqual([
      ['gstNumber', 'This GST number does not pass IRD’s check: check each digit'],
    ]);
  });
});

describe('Drives and maps', () => {
  it('sends empty boxes and a kind told by the address as none', () => {
    expect(mapsFormSchema.parse(mapsFormValues(SETTINGS.maps))).toEqual(SETTINGS.maps);
    const values = { ...mapsFormValues(SETTINGS.maps), routerUrl: 'https://router.example.nz', routerKind: 'valhalla' };
    expect(mapsFormSchema.parse(values)).toMatchObject({
      routerUrl: 'https://router.example.nz',
      routerKind: 'valhalla',
    });
    expect(messages(mapsFormSchema.safeParse({ ...values, geocoderUrl: 'nominatim.example.nz' }))).toEqual([
      ['geocoderUrl', 'Enter the full address, starting with https://'],
    ]);
  });
});

describe('fieldOfPath', () => {
  it("maps the server's paths to this form's fields", () => {
    const fields = ['gstNumber', 'intro', 'baseAddress'] as const;
    expect(fieldOfPath('practice.gstNumber', 'practice', fields)).toBe('gstNumber');
    expect(fieldOfPath('practice.intro.1', 'practice', fields)).toBe('intro');
    expect(fieldOfPath('practice.base.lat', 'practice', fields, { base: 'baseAddress' })).toBe('baseAddress');
    expect(fieldOfPath('practice.name', 'practice', fields)).toBeNull();
    expect(fieldOfPath('rules.gstNumber', 'practice', fields)).toBeNull();
    expect(fieldOfPath('practice', 'practice', fields)).toBeNull();
  });
});
