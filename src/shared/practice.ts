/** The public part of the practice profile, as GET /api/practice answers it. */
export interface PracticeInfo {
  name: string;
  shortName: string;
  tagline: string;
  therapistName: string;
  intro: string[];
  blurb: string;
  locality: string;
  region: string;
  email: string;
  phone: string;
  socialUrl: string | null;
  socialLabel: string | null;
  localTowns: [string, string];
  /** The travel fee outside the two local towns (cents), for the manual-address hint. */
  travelFeeCents: number;
}
