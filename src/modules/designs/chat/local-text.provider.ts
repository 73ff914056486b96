import {
  approxTokens,
  ChatTurn,
  DesignContext,
  systemPrompt,
  TextCompletion,
  TextModelProvider,
} from './text-provider';

const FURNITURE: Record<string, string[]> = {
  living: [
    'a low-profile sofa',
    'a textured wool rug',
    'a pair of accent chairs',
    'a round coffee table',
    'layered floor and table lamps',
  ],
  bed: [
    'an upholstered headboard',
    'linen bedding',
    'matching bedside tables',
    'warm bedside lamps',
    'a soft runner rug',
  ],
  kitchen: [
    'counter stools',
    'pendant lights over the island',
    'open shelving',
    'a runner by the sink',
    'brass or matte-black hardware',
  ],
  bath: ['a framed round mirror', 'plush towels', 'a teak bath mat', 'a small plant', 'wall sconces'],
  dining: ['a solid-wood table', 'upholstered dining chairs', 'a statement pendant', 'a sideboard', 'a large artwork'],
  office: ['an ergonomic chair', 'a solid desk facing the window', 'a task lamp', 'closed storage', 'a pinboard'],
};

const THEME_TIPS: Record<string, string> = {
  modern: 'keep lines clean, limit the palette to two neutrals plus one accent, and choose slim metal legs',
  scandinavian: 'favour pale woods, linen and wool, and leave plenty of bare floor for light',
  industrial: 'mix blackened steel, reclaimed wood and exposed bulbs; leather ages well here',
  bohemian: 'layer patterned rugs and textiles, add rattan and plenty of plants',
  coastal: 'use whitewashed wood, jute and sea-glass blues; keep fabrics light',
  farmhouse: 'pair shiplap or painted panelling with weathered wood and black hardware',
  japandi: 'stay low and minimal: oak, paper lanterns, muted olive and stone tones',
  luxury: 'choose velvet, marble and brushed brass, and a single oversized light fitting',
  minimalist: 'remove everything non-essential; one material family, hidden storage',
  'mid-century': 'tapered legs, walnut, mustard and teal accents, a sculptural lamp',
};

/**
 * The offline default: a deterministic assistant that answers from the design's own options and
 * palette (no network, no key). Honest about being a local helper, not a language model.
 */
export class LocalTextProvider implements TextModelProvider {
  readonly name = 'local';
  readonly label = 'Local design assistant';
  readonly model = 'reelty-local-assistant-v1';

  async reply(history: ChatTurn[], context: DesignContext): Promise<TextCompletion> {
    const started = performance.now();
    const question = [...history].reverse().find((t) => t.role === 'user')?.content ?? '';
    const q = question.toLowerCase();
    const room = (context.options.roomType ?? 'room').toLowerCase();
    const theme = (context.options.theme ?? '').toLowerCase();
    const furniture = Object.entries(FURNITURE).find(([k]) => room.includes(k))?.[1] ?? FURNITURE.living;
    const tip = THEME_TIPS[theme] ?? 'pick one hero piece and let the rest support it';
    const colours = context.palette.length
      ? context.palette.slice(0, 3).join(', ')
      : (context.options.colors ?? 'the palette you chose');
    let answer: string;
    if (/colou?r|paint|palette|wall/.test(q)) {
      answer = `The design leans on ${colours}. For the walls, take the lightest of these; use the darkest for one accent (a door, a cabinet or cushions) so the ${room} keeps depth.`;
    } else if (/furnit|sofa|bed|chair|table|buy|add/.test(q)) {
      answer = `For this ${context.options.theme ?? ''} ${room}, consider ${furniture.slice(0, 3).join(', ')} and ${furniture[3]}. In this style, ${tip}.`;
    } else if (/light|lamp|bright|dark/.test(q)) {
      answer = `Layer the light: a ceiling fitting for general light, ${furniture[4] ?? 'lamps'} for warmth, and bulbs around 2700 K to suit ${colours}.`;
    } else if (/budget|cost|price|cheap/.test(q)) {
      answer = `Spend on the piece you touch most (${furniture[0]}), save on accessories, and repaint before buying anything: paint changes this ${room} the most per dollar.`;
    } else {
      answer = `This is a ${context.options.theme ?? 'custom'} ${room} built around ${colours}. In this style, ${tip}. Ask me about colours, furniture, lighting or budget.`;
    }
    const input = approxTokens(systemPrompt(context) + history.map((h) => h.content).join('\n'));
    return {
      content: answer.replace(/\s+/g, ' ').trim(),
      model: this.model,
      usage: {
        inputTokens: input,
        outputTokens: approxTokens(answer),
        costUsd: 0,
        durationMs: performance.now() - started,
      },
    };
  }
}
