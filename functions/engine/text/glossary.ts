// A small curated French ↔ English glossary of study vocabulary, shipped with the engine (nothing is
// downloaded): the words students use in questions and courses whose translation is not a cognate
// (*vitesse/speed*, *plante/plant* needs none). One pair a line, "french = english"; several forms
// may be listed on either side with "/". Words are compared folded (case and accents ignored).
// Cognates (*inertie/inertia*, *photosynthèse/photosynthesis*) are found without the list, by
// their common beginning (functions/engine/local/vocabulary.ts).
import { foldText } from '../../core/fold.js';

const PAIRS = `
vitesse = speed/velocity
accélération = acceleration
masse = mass
poids = weight
force = force
travail = work
puissance = power
chaleur = heat
lumière/lumineuse/lumineux = light
ombre = shadow
eau = water
air = air
terre/sol = earth/soil/ground
feuille/feuilles = leaf/leaves
racine/racines = root/roots
arbre = tree
fleur = flower
graine = seed
sang = blood
cœur = heart
poumon/poumons = lung/lungs
foie = liver
rein/reins = kidney/kidneys
cerveau = brain
os = bone
peau = skin
noyau = nucleus
cellule/cellules = cell/cells
gène/gènes = gene/genes
loi/lois = law/laws
règle = rule
théorème = theorem
preuve = proof
nombre = number
chiffre = digit
somme = sum
produit = product
quotient = quotient
racine carrée = square root
droite = line
courbe = curve
pente = slope
aire = area
longueur = length
largeur = width
hauteur = height
distance = distance
durée/temps = time/duration
année/an/ans = year/years
siècle = century
guerre = war
paix = peace
traité = treaty
roi = king
reine = queen
pays = country
ville = city/town
mort/mourut/meurt = death/died/dies
naissance/naît/né/née = birth/born
prix = price/prize
marché = market
offre = supply
demande = demand
chômage = unemployment
entreprise/firme = firm/company
monnaie/argent = money
banque = bank
emploi/emplois = job/jobs
croissance = growth
frottement/frottements = friction
chute = fall
choc/collision = collision/crash
mouvement = motion/movement
repos = rest
quantité de mouvement = momentum
élan = momentum
énergie = energy
charge = charge
courant = current
tension = voltage
résistance = resistance
onde = wave
son = sound
glucose/sucre = glucose/sugar
dioxygène/oxygène = oxygen
dioxyde de carbone = carbon dioxide
azote = nitrogen
hydrogène = hydrogen
plante/plantes/végétaux = plant/plants
animal/animaux = animal/animals
respiration = respiration/breathing
division = division
étape/étapes/phase/phases = step/steps/stage/stages/phase/phases
cause/causes = cause/causes
conséquence/conséquences = consequence/consequences
rôle = role/function
quoi/qu'est-ce = what
pourquoi = why
comment = how
quand = when
où = where
qui = who
combien = how many/how much
quelle/quel/quels/quelles = which/what
définition = definition
formule = formula
unité = unit
exemple = example
premier/première/premiers/premières = first
deuxième/second/seconde = second
troisième = third
cinétique = kinetic
potentielle/potentiel = potential
pesanteur/gravité = gravity
mécanique = mechanical/mechanics
moyenne/moyen = average/mean
chute libre = free fall
référentiel = frame of reference
point de compensation = compensation point
matière organique = organic matter
sels minéraux = mineral salts
être vivant/êtres vivants = living thing/living things/living organism
cycle = cycle
demande = demand
pain = bread
revenu total = total revenue
élasticité = elasticity
`;

export type GlossaryDirection = 'fr-en' | 'en-fr';

const table: Record<GlossaryDirection, Map<string, string[]>> = { 'fr-en': new Map(), 'en-fr': new Map() };
for (const line of PAIRS.split('\n')) {
  const [fr, en] = line.split('=').map((side) => side?.trim());
  if (!fr || !en) continue;
  const frForms = fr.split('/').map((w) => foldText(w.trim()));
  const enForms = en.split('/').map((w) => foldText(w.trim()));
  for (const f of frForms) table['fr-en'].set(f, [...(table['fr-en'].get(f) ?? []), ...enForms]);
  for (const e of enForms) table['en-fr'].set(e, [...(table['en-fr'].get(e) ?? []), ...frForms]);
}

/** Translations of a folded word or expression ("dioxyde de carbone") in the other language, or none. */
export function translate(folded: string, direction: GlossaryDirection): readonly string[] {
  return table[direction].get(folded) ?? [];
}

/** Every entry of one direction with two or more words ("quantite de mouvement"), for matching expressions. */
export function expressions(direction: GlossaryDirection): string[] {
  return [...table[direction].keys()].filter((k) => k.includes(' '));
}
