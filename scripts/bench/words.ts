/** Word lists for the benchmark's generated communities and users (scripts/bench/generate.ts). */

export const GROUPS = [
  'Igbo', 'Yoruba', 'Hausa', 'Fulani', 'Akan', 'Ewe', 'Ga', 'Ashanti', 'Fante', 'Wolof', 'Serer', 'Mandinka',
  'Bamileke', 'Duala', 'Bassa', 'Beti', 'Ewondo', 'Bakweri', 'Somali', 'Amhara', 'Oromo', 'Tigrinya', 'Kikuyu',
  'Luo', 'Kamba', 'Luhya', 'Baganda', 'Zulu', 'Xhosa', 'Shona', 'Ndebele', 'Congolese', 'Cameroonian', 'Ghanaian',
  'Nigerian', 'Senegalese', 'Ivorian', 'Kenyan', 'Ethiopian', 'Eritrean', 'Ugandan', 'Rwandan', 'Burundian',
  'Malian', 'Guinean', 'Togolese', 'Beninese', 'Liberian', 'Sierra Leonean', 'Gambian', 'Tanzanian', 'Zambian',
  'Haitian', 'Jamaican', 'Trinidadian', 'Barbadian', 'Grenadian', 'Kittitian', 'Bahamian', 'Guyanese',
];

export const KINDS = [
  'Njangi Circle', 'Tontine', 'Cultural Association', 'Union', 'Nurses Association', 'Students Association',
  "Women's Forum", 'Youth League', 'Business Network', 'Savings Group', 'Church Fellowship', 'Football Club',
  'Dance Troupe', 'Book Club', 'Parents Network', 'Alumni Association', 'Hometown Association', 'Mutual Aid Society',
  'Investment Club', 'Choir', 'Elders Council', 'Professionals Network', 'Welfare Fund', 'Susu Group', 'Drummers',
];

export const CITIES = [
  'Houston', 'Dallas', 'Austin', 'San Antonio', 'Atlanta', 'Washington', 'Silver Spring', 'Baltimore', 'Bowie',
  'New York', 'the Bronx', 'Newark', 'Boston', 'Lowell', 'Providence', 'Minneapolis', 'Saint Paul', 'Chicago',
  'Columbus', 'Cincinnati', 'Philadelphia', 'Charlotte', 'Raleigh', 'Phoenix', 'Denver', 'Seattle', 'Oakland',
  'Los Angeles', 'Sacramento', 'Toronto', 'Montreal', 'Ottawa', 'Calgary', 'London', 'Manchester', 'Birmingham',
  'Paris', 'Lyon', 'Marseille', 'Brussels', 'Antwerp', 'Berlin', 'Hamburg', 'Amsterdam', 'Rotterdam', 'Dublin',
  'Stockholm', 'Oslo', 'Milan', 'Rome', 'Madrid', 'Lisbon', 'Johannesburg', 'Dubai', 'Doha', 'Sydney', 'Melbourne',
];

export const REGIONS: Record<string, string> = {
  Houston: 'TX', Dallas: 'TX', Austin: 'TX', 'San Antonio': 'TX', Atlanta: 'GA', Washington: 'DC', 'Silver Spring': 'MD',
  Baltimore: 'MD', Bowie: 'MD', 'New York': 'NY', 'the Bronx': 'NY', Newark: 'NJ', Boston: 'MA', Lowell: 'MA',
  Providence: 'RI', Minneapolis: 'MN', 'Saint Paul': 'MN', Chicago: 'IL', Columbus: 'OH', Cincinnati: 'OH',
  Philadelphia: 'PA', Charlotte: 'NC', Raleigh: 'NC', Phoenix: 'AZ', Denver: 'CO', Seattle: 'WA', Oakland: 'CA',
  'Los Angeles': 'CA', Sacramento: 'CA', Toronto: 'ON', Montreal: 'QC', Ottawa: 'ON', Calgary: 'AB',
};

export const ACTIVITIES = [
  'monthly contributions', 'a rotating savings pot', 'language classes for the children', 'cultural nights',
  'scholarships for students', 'a welfare fund for bereaved families', 'job leads and mentoring', 'football on Saturdays',
  'health fairs', 'naming ceremonies', 'wedding support', 'immigration clinics', 'tax-season help', 'cooking classes',
  'a yearly gala', 'prayer meetings', 'hometown development projects', 'visits to the sick', 'business workshops',
  'homework help', 'drumming and dance rehearsals', 'book discussions', 'support for new arrivals', 'investment reviews',
  'licensing study groups for nurses', 'a credit union partnership', 'community clean-ups', 'youth leadership camps',
];

export const OPENINGS = [
  'We bring together {group} families in {city} for {a} and {b}.',
  'A home away from home for the {group} community of {city}: {a}, {b} and a warm welcome.',
  'Founded by {group} friends in {city}, we meet for {a} and keep {b} going all year.',
  'Members across {city} pooling savings and time: {a}, {b}, and a hand for anyone in need.',
  'The {group} diaspora in {city} organises {a} and {b}. Everyone who shares our values is welcome.',
];

export const CLOSINGS = [
  'Meetings are on the first Sunday of the month.',
  'Contributions are recorded openly and reviewed by the treasurer every quarter.',
  'New members are introduced by an existing member.',
  'We also partner with local churches, mosques and schools.',
  'Elders, students and young professionals all have a voice here.',
  'Dues are modest and waived for students.',
  '',
];

export const FIRST_NAMES = [
  'Amara', 'Chidi', 'Ngozi', 'Emeka', 'Ifeoma', 'Obinna', 'Kwame', 'Kofi', 'Ama', 'Akosua', 'Yaw', 'Abena', 'Fatou',
  'Moussa', 'Awa', 'Ousmane', 'Aminata', 'Mamadou', 'Jean-Paul', 'Brice', 'Estelle', 'Christelle', 'Hervé', 'Aisha',
  'Ibrahim', 'Zainab', 'Musa', 'Halima', 'Tunde', 'Folake', 'Bisi', 'Segun', 'Wanjiru', 'Kamau', 'Achieng', 'Otieno',
  'Thandiwe', 'Sipho', 'Nomvula', 'Tendai', 'Rutendo', 'Abebe', 'Meron', 'Hana', 'Dawit', 'Fanta', 'Lamine', 'Yasmin',
  'Marie-Claire', 'Rodrigue', 'Nadège', 'Samuel', 'Grace', 'Esther', 'Daniel', 'Josephine', 'Patrick', 'Linda',
];

export const LAST_NAMES = [
  'Okafor', 'Eze', 'Nwosu', 'Okonkwo', 'Adeyemi', 'Balogun', 'Mensah', 'Owusu', 'Boateng', 'Asante', 'Osei', 'Diop',
  'Ndiaye', 'Fall', 'Sow', 'Diallo', 'Ba', 'Mbarga', 'Ngono', 'Tchoumi', 'Fotso', 'Kamga', 'Bello', 'Abubakar',
  'Danjuma', 'Yusuf', 'Kariuki', 'Mwangi', 'Odhiambo', 'Wekesa', 'Ndlovu', 'Dlamini', 'Moyo', 'Chikwanha', 'Tesfaye',
  'Bekele', 'Haile', 'Traoré', 'Keita', 'Coulibaly', 'Kone', 'Mutombo', 'Kabila', 'Lumumba', 'Mukendi', 'Achebe',
];

export const PHONE_AREAS = ['713', '832', '281', '404', '678', '301', '240', '202', '718', '917', '973', '617', '612'];
