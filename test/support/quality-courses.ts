// Courses the answer-quality measurements read and no other test tunes the engine on, written the
// way the PDF extraction hands pages over (lines wrapped at the page width, numbered outline,
// a wrapped line that looks like a heading, a two-column page): a French plant-biology course
// (photosynthesis in two phases, limiting factors, respiration) and an English physics course
// (Newton's laws, inertia, momentum, a method).
import { pagesOf } from './retrieval-fixtures.js';

/** "La photosynthèse" (3 pages). */
export const FRENCH_PLANTS = pagesOf('svt-plantes', 'La photosynthèse', 'fr', [
  `Chapitre 1 : La nutrition des plantes

1.1 Des êtres vivants autotrophes
Un être vivant autotrophe est un organisme capable de produire sa propre matière
organique à partir de matière minérale. Les plantes vertes sont autotrophes grâce à
la photosynthèse, alors que les animaux sont hétérotrophes : ils se nourrissent de
matière organique déjà produite.
Les racines prélèvent l'eau et les sels minéraux du sol. Le dioxyde de carbone entre
dans la feuille par les stomates, de petits orifices situés sur sa face inférieure.

1.2 L'équation de la photosynthèse
La photosynthèse se déroule dans les chloroplastes des cellules chlorophylliennes.
6 CO2 + 6 H2O → C6H12O6 + 6 O2
Le dioxygène produit est rejeté dans l'atmosphère par les stomates.`,

  `Chapitre 2 : Les étapes de la photosynthèse

2.1 Deux phases successives
La photosynthèse se déroule en deux phases. D'abord, la phase photochimique a lieu
dans les thylakoïdes : l'énergie lumineuse captée par la chlorophylle sert à couper
les molécules d'eau, ce qui libère du dioxygène. Ensuite, la phase non photochimique,
ou cycle de Calvin, a lieu dans le stroma : le dioxyde de carbone est fixé et réduit
en glucose grâce aux molécules produites pendant la première phase.

2.2 Les facteurs qui limitent la photosynthèse
La lumière, la température et la concentration en dioxyde de carbone limitent
l'intensité de la photosynthèse.
Quand l'intensité lumineuse augmente, la quantité de dioxygène produite augmente
jusqu'à un plateau.
Au point de compensation, la photosynthèse produit autant de dioxygène que la
respiration de la plante en consomme.`,

  `Chapitre 3 : Photosynthèse et respiration

3.1 Comparer deux processus
Photosynthèse                                   Respiration
Elle a lieu le jour, dans les chloroplastes.    Elle a lieu jour et nuit, dans les mitochondries.
Elle consomme du dioxyde de carbone.            Elle rejette du dioxyde de carbone.
La respiration cellulaire libère l'énergie contenue dans le glucose car elle
l'oxyde en présence de dioxygène.
Les plantes respirent aussi la nuit, parce que leurs cellules ont besoin d'énergie en
permanence.

3.2 Un peu d'histoire
En 1779, Jan Ingenhousz montre que les plantes ne produisent du dioxygène qu'à la
lumière. En 1961, Melvin Calvin reçoit le prix Nobel de chimie pour la description du
cycle qui porte son nom.`,
]);

/** "Forces and motion" (3 pages). */
export const ENGLISH_PHYSICS = pagesOf('phys-forces', 'Forces and motion', 'en', [
  `Chapter 1: Newton's laws of motion

1.1 Inertia
Inertia is the tendency of an object to resist any change in its state of motion.
Newton's first law states that an object remains at rest or moves at a constant
velocity unless a resultant force acts on it. The greater the mass of an object,
the greater its inertia.

1.2 Force and acceleration
Newton's second law states that the resultant force on an object is equal to its
mass multiplied by its acceleration.
F = m × a
where F is the resultant force in newtons (N), m is the mass in kilograms (kg) and a
is the acceleration in metres per second squared (m/s²).
Newton's third law states that when two objects interact, they exert equal and
opposite forces on each other.`,

  `Chapter 2: Momentum and friction

2.1 Momentum
Momentum is the product of the mass of an object and its velocity.
p = m × v
where p is the momentum in kilogram metres per second (kg m/s), m is the mass in kilograms (kg) and v is the velocity in metres per second (m/s).
In a closed system, the total momentum before a collision equals the total momentum after the collision.

2.2 Friction
Friction is a force that opposes the motion of two surfaces sliding over each other.
Friction heats the surfaces because kinetic energy is transferred to thermal energy.
Cars use brakes so that friction can slow the wheels down.`,

  `Chapter 3: Method and history

3.1 Drawing a free-body diagram
First, draw the object as a single point or a simple box.
Second, draw an arrow for each force acting on the object, starting from the object.
Then, make the length of each arrow proportional to the size of the force.
Finally, label each arrow with the name of the force and its value in newtons.

3.2 Isaac Newton
Isaac Newton was born in Woolsthorpe, England, in 1643.
He published the Principia in 1687 at the age of forty-four.
Newton died in London in 1727 and was buried in Westminster Abbey.`,
]);
