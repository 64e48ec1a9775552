import type { CommunityRole } from '../../db/schema';

/** The demo people and communities `npm run db:seed` creates (scripts/seed.ts). */
export type Person = {
  key: string;
  firstName: string;
  lastName: string;
  username: string;
  location: string;
  phoneNumber: string;
  bio: string;
};

export const PEOPLE: Person[] = [
  {
    key: 'amara',
    firstName: 'Amara',
    lastName: 'Okafor',
    username: 'amara',
    location: 'Houston, TX',
    phoneNumber: '+1 713 555 0142',
    bio: 'Nurse, mother of two, and the one who keeps the njangi books straight.',
  },
  {
    key: 'kwame',
    firstName: 'Kwame',
    lastName: 'Mensah',
    username: 'kwame',
    location: 'Houston, TX',
    phoneNumber: '+1 832 555 0178',
    bio: 'Registered nurse from Kumasi; organises the Ghana Nurses study nights.',
  },
  {
    key: 'ngozi',
    firstName: 'Ngozi',
    lastName: 'Eze',
    username: 'ngozi',
    location: 'Silver Spring, MD',
    phoneNumber: '+1 301 555 0119',
    bio: 'Accountant. Treasurer by habit, dancer by choice.',
  },
  {
    key: 'jeanpaul',
    firstName: 'Jean-Paul',
    lastName: 'Mbarga',
    username: 'jpmbarga',
    location: 'Houston, TX',
    phoneNumber: '+1 281 555 0163',
    bio: 'Engineer from Douala. Makossa on weekends.',
  },
  {
    key: 'fatou',
    firstName: 'Fatou',
    lastName: 'Diop',
    username: 'fatou',
    location: 'New York, NY',
    phoneNumber: '+1 718 555 0127',
    bio: 'Runs a tailoring shop in Harlem and a tontine that has never missed a month.',
  },
  {
    key: 'aisha',
    firstName: 'Aisha',
    lastName: 'Bello',
    username: 'aisha',
    location: 'Atlanta, GA',
    phoneNumber: '+1 404 555 0191',
    bio: 'Graduate student in public health, new to the diaspora associations.',
  },
];

export type DemoCommunity = {
  name: string;
  description: string;
  location: string;
  isPublic: boolean;
  creator: string;
  members: [person: string, role: Exclude<CommunityRole, 'creator'>][];
  /** How long ago it was created; members join in the days after. */
  daysAgo: number;
  palette: [string, string, string];
};

export const COMMUNITIES: DemoCommunity[] = [
  {
    name: 'Houston Njangi Circle',
    description: 'A monthly savings circle for families in Greater Houston: contributions on the first Sunday, one member collects each month, and we share a meal while we count.',
    location: 'Houston, TX',
    isPublic: true,
    creator: 'amara',
    members: [['kwame', 'admin'], ['ngozi', 'treasurer'], ['jeanpaul', 'member'], ['fatou', 'member']],
    daysAgo: 180,
    palette: ['#e4572e', '#ffc914', '#17bebb'],
  },
  {
    name: 'Douala Cultural Association',
    description: 'Sawa culture in Texas: Ngondo celebrations, makossa nights, language classes for the children and support for newcomers from the Littoral.',
    location: 'Houston, TX',
    isPublic: true,
    creator: 'jeanpaul',
    members: [['amara', 'member'], ['aisha', 'member']],
    daysAgo: 150,
    palette: ['#1b998b', '#2d3047', '#fffd82'],
  },
  {
    name: 'Igbo Union DMV',
    description: 'Igbo sons and daughters in DC, Maryland and Virginia. New Yam festival, town-hall meetings, scholarships and a welfare fund for members in need.',
    location: 'Washington, DC',
    isPublic: true,
    creator: 'amara',
    members: [['ngozi', 'admin'], ['aisha', 'member']],
    daysAgo: 120,
    palette: ['#006d3c', '#f2c14e', '#d1495b'],
  },
  {
    name: 'Ghana Nurses of Houston',
    description: 'Ghanaian nurses and nursing students in Houston: licensing study groups, job leads, mentoring and a yearly health fair for the community.',
    location: 'Houston, TX',
    isPublic: false,
    creator: 'kwame',
    members: [['amara', 'treasurer']],
    daysAgo: 95,
    palette: ['#ce1126', '#fcd116', '#006b3f'],
  },
  {
    name: 'Senegalese Women Tontine',
    description: 'A tontine of Senegalese women in New York. Weekly contributions, a rotating pot, and a network of sisters for business, family and faith.',
    location: 'New York, NY',
    isPublic: false,
    creator: 'fatou',
    members: [['aisha', 'member'], ['ngozi', 'admin']],
    daysAgo: 80,
    palette: ['#00853f', '#fdef42', '#e31b23'],
  },
  {
    name: 'Naija Parents Network Houston',
    description: 'Nigerian parents raising children in Houston: school advice, Saturday heritage classes, playdates and a place to ask the questions nobody else understands.',
    location: 'Houston, TX',
    isPublic: false,
    creator: 'amara',
    members: [['jeanpaul', 'member']],
    daysAgo: 60,
    palette: ['#008751', '#f4f1de', '#3d405b'],
  },
  {
    name: 'Hausa Heritage Society Atlanta',
    description: 'Hausa language, food and history in Atlanta. Monthly gatherings, Sallah celebrations, and mentoring for students far from home.',
    location: 'Atlanta, GA',
    isPublic: true,
    creator: 'aisha',
    members: [['amara', 'admin'], ['fatou', 'treasurer'], ['kwame', 'member']],
    daysAgo: 45,
    palette: ['#3a86ff', '#8338ec', '#ffbe0b'],
  },
  {
    name: 'Cameroon Students Association UH',
    description: 'Cameroonian students at the University of Houston and their friends: study groups, internship leads, Independence Day party and a warm welcome every semester.',
    location: 'Houston, TX',
    isPublic: true,
    creator: 'amara',
    members: [['jeanpaul', 'treasurer'], ['aisha', 'member']],
    daysAgo: 20,
    palette: ['#007a5e', '#ce1126', '#fcd116'],
  },
];

/** A private community and someone who asked to join it and is still waiting. */
export const PENDING_REQUEST = { community: 'Naija Parents Network Houston', person: 'kwame' };
