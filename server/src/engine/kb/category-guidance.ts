/** One general sentence per category, for words the knowledge base does not describe itself. */
export const CATEGORY_GUIDANCE: Record<string, string> = {
  Animals:
    'Animals in dreams often carry instincts and qualities: how it behaved, and how you felt about it, usually say more than the species itself.',
  Nature: 'Natural places and growing things tend to reflect your inner landscape: growth, rest, wildness or change.',
  Water: 'Images like this usually reflect emotions: their depth, movement and clarity.',
  Celestial: 'Images from high above often point to perspective, guidance and the larger rhythms of life.',
  Weather: 'Changing conditions in a dream tend to reflect mood: what is building, clearing or passing over.',
  Places: 'A place in a dream often stands for a situation or a phase of life, and for how comfortable you feel in it.',
  'Buildings and Rooms':
    'Buildings and their interiors often stand for parts of yourself or of your life, some familiar and some unexplored.',
  'People and Figures': 'People in dreams often stand for qualities you associate with them, or for parts of yourself.',
  Body: 'The body in dreams often speaks about health, vulnerability, capability and how you show yourself to others.',
  Objects:
    'Objects in dreams usually stand for what they do: think about what it is for, who uses it, and what it would mean to have it or to be without it.',
  Clothing: 'What you wear in a dream often reflects identity and how you want to be seen.',
  'Food and Drink': 'Food and drink in dreams often speak of nourishment, appetite and what you take in.',
  'Vehicles and Travel':
    'Vehicles and travel in dreams often reflect how you are moving through life and who is in control.',
  Technology:
    'Technology in dreams often reflects connection, communication and control, and the frustration when they fail.',
  Actions:
    'An action in a dream often reflects how you are approaching something in life: with effort, ease, avoidance or courage.',
  Elements: 'Elemental images carry raw force: transformation, power, warmth or danger.',
  Colors: 'Colours in dreams tend to carry mood and emphasis.',
  Numbers: 'Numbers in dreams may point to dates, ages, counts or phases that matter to you.',
  Emotions: 'A quality or feeling named in a dream often says more about your own state than about the scene.',
  'Spiritual and Otherworldly': 'Otherworldly images often touch on meaning, belief and what lies beyond the everyday.',
};
