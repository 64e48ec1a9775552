/**
 * A sentence that ends with a value ending its own sentence ("voting has opened for {{title}}."
 * with the title "Where shall we meet?") would read "meet?.": the text's own full stop goes when
 * the value already ends with ?, !, . or …, in either language (French spaces before ? and ! too).
 */
export const tidyPunctuation = (text: string) =>
  text
    .replace(/([?!.…])(\s?)\.(?=\s|$|["”»)])/g, '$1')
    // "Welcome, {{name}}!" with a value that already exclaims or asks: its own mark is enough.
    .replace(/([?!])(\s?)[!?](?=\s|$|["”»)])/g, '$1');
