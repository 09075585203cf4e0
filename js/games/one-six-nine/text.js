// @ts-check
/**
 * Words for the 169 board: tile and card names, square names, what a
 * creature's move does (from the engine's effect codes), plurals.  Pure
 * functions of the view's data; the engine decides every outcome, these only
 * put it into words.
 */

/** Tile kinds in the order of the rules' table (cheapest first). */
export const KINDS = ["wall", "farm", "pit", "thief", "monster", "hero", "bureaucrat", "road", "mine", "castle"];
export const CREATURES = ["thief", "monster", "hero", "bureaucrat"];

export const TITLES = {
  wall: "Wall", farm: "Farm", pit: "Pit", thief: "Thief", monster: "Monster", hero: "Hero",
  bureaucrat: "Bureaucrat", road: "Road", mine: "Gold Mine", castle: "Castle",
};

/** One line on what each kind does, for hover titles in the shop. */
export const POWERS = {
  wall: "blocks creatures",
  farm: "pays 3 gold when bought",
  pit: "swallows whatever it is dropped on; blocks creatures",
  thief: "creature: kills Bureaucrats, steals enemy Roads, Mines and Castles",
  monster: "creature: kills Thieves and Bureaucrats, destroys enemy Roads, Mines and Castles",
  hero: "creature: kills Monsters and Thieves",
  bureaucrat: "creature: kills Heroes; doubles its owner's Road, Mine or Castle it stands on",
  road: "one more card a turn; creatures step onto it for free",
  mine: "one more gold a turn",
  castle: "what you need to win",
};

const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K" };

/** "A", "7", "K" @param {number} rank */
export function rankName(rank) {
  return RANKS[rank] ?? String(rank);
}

/** "(7, K)": column first, as the engine's log names squares. @param {number} x @param {number} y */
export function squareName(x, y) {
  return `(${rankName(x)}, ${rankName(y)})`;
}

/** "a Gold Mine", "an Ace" @param {string} name */
export function withArticle(name) {
  return (/^[AEIOU]/.test(name) ? "an " : "a ") + name;
}

export const isCreature = (kind) => CREATURES.includes(kind);

/** Counts with their nouns: the page's one helper (js/common/plural.js). */
export { count } from "../../common/plural.js";

/**
 * Whose tile, as the viewer reads it: "your Castle", "Ada's Castle".
 * @param {{kind: string, owner: number}} tile @param {number|null} viewer @param {string[]} names
 */
export function whose(tile, viewer, names) {
  return tile.owner === viewer ? `your ${TITLES[tile.kind]}` : `${names[tile.owner] ?? `Seat ${tile.owner + 1}`}'s ${TITLES[tile.kind]}`;
}

/** Codes of moves that are good, bad or mixed for the mover (the badge's colour). */
export const EFFECT_TONE = { kill: "good", steal: "good", destroy: "good", double: "good", dies: "bad", both_die: "mixed" };

/**
 * What a move does, in words, from the engine's effect codes and what stands on the square.
 * @param {string[]} codes @param {{creature: any, ground: any}} cell @param {string} mover the moving kind
 * @param {number|null} viewer @param {string[]} names
 */
export function effectText(codes, cell, mover, viewer, names) {
  const enemy = cell.creature;
  const ground = cell.ground;
  const parts = [];
  for (const code of codes) {
    switch (code) {
      case "kill": parts.push(`kills ${whose(enemy, viewer, names)}`); break;
      case "dies": parts.push(`is killed by ${whose(enemy, viewer, names)}`); break;
      case "both_die": parts.push(`fights ${whose(enemy, viewer, names)}: both are destroyed`); break;
      case "steal": parts.push(`steals ${whose(ground, viewer, names)}`); break;
      case "destroy": parts.push(`destroys ${whose(ground, viewer, names)}`); break;
      case "double": parts.push(`doubles ${whose(ground, viewer, names)} while it stands there`); break;
      default: parts.push(code);
    }
  }
  return `Your ${TITLES[mover]} ${parts.join(" and ")}`;
}

/** A short label for a badge: "kill", "dies", … @param {string[]} codes */
export function effectShort(codes) {
  const words = { kill: "kill", dies: "dies", both_die: "both die", steal: "steal", destroy: "smash", double: "×2" };
  return codes.map((c) => words[c] ?? c).join(" + ");
}

/**
 * What lies on a square, in words: "Ada's Castle with your Thief on it", "empty".
 * @param {{creature: any, ground: any}} cell @param {number|null} viewer @param {string[]} names
 */
export function cellText(cell, viewer, names) {
  const { ground, creature } = cell;
  if (ground && creature) return `${whose(ground, viewer, names)} with ${whose(creature, viewer, names)} on it`;
  if (ground) return whose(ground, viewer, names);
  if (creature) return whose(creature, viewer, names);
  return "empty";
}

/**
 * What dropping a bought tile does to what is there (the rules' drop table; the engine
 * has already allowed the square).  Empty string when nothing is destroyed.
 * @param {string} kind @param {{creature: any, ground: any}} cell @param {number|null} viewer @param {string[]} names
 */
export function dropText(kind, cell, viewer, names) {
  const there = [cell.ground, cell.creature].filter(Boolean);
  if (kind === "pit" && there.length) return `swallows ${there.map((t) => whose(t, viewer, names)).join(" and ")}`;
  if (!isCreature(kind) && kind !== "pit" && cell.creature) return `crushes ${whose(cell.creature, viewer, names)}`;
  return "";
}
