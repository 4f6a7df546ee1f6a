// The risky-intent word table and the text normalisation it is matched against. Text is normalised
// first (NFKC, accents, soft hyphens and zero-width characters dropped, Cyrillic and Greek look-alikes
// read as Latin, lowercase), so the table holds one plain spelling per word.
// Intents: delete, pay/buy/order, transfer/send money, cancel a subscription, confirm; in en, de, fr,
// es, pt (word-bounded) and zh, ja (no word boundaries), plus icon glyphs.

// One literal (a regex built from strings ships each backslash twice), in the order en (delete ...
// confirm), de (loschen ... bestatigen), fr (supprimer ... confirmer), es and pt (eliminar ... pagamento).
const LATIN = /\b(?:delete|remove|erase|destroy|trash|pay(?:ing|ment)?|buy|purchase|check ?out|(?:place|submit|confirm|complete) (?:my |the )?order|order now|transfer|(?:send|wire) (?:money|[$€£] ?\d+|\d[\d.,]* ?(?:[$€£]|usd|eur))|cancel (?:my |the )?(?:subscription|membership|plan)|unsubscribe|close (?:my )?account|confirm|loschen|entfernen|(?:be)?zahl(?:en|ung)|kaufen|bestellen|zur kasse|uberweis(?:en|ung)|kundigen|bestatigen|supprimer|effacer|payer|acheter|commander|paiement|virement|resilier|desabonner|annuler (?:\w+ )?abonnement|confirmer|eliminar|borrar|pagar|comprar|(?:realizar|fazer|finalizar) (?:o )?(?:pedido|compra)|transferir|transferencia|enviar (?:dinero|dinheiro)|cancelar (?:\w+ )?(?:suscripcion|assinatura)|dar(?:se)? de baja|confirmar|excluir|apagar|remover|pagamento)\b/;
const CJK = /删除|刪除|移除|支付|付款|购买|購買|结算|结账|下单|下單|转账|轉帳|汇款|确认|確認|取消订阅|退订|注销|削除|支払|購入|注文を確定|決済|振込|送金|解約|退会|🗑|💳|💸/u;

const LOOK_ALIKES = 'аеорсухіјѕһӏνο';
const AS_LATIN = 'aeopcyxijshlvo';

/** `text` in the form the word table is written in. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u00ad\u034f\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u0370-\u04ff]/g, (c) => AS_LATIN[LOOK_ALIKES.indexOf(c)] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first risky word in `text` (normalised first), if any. */
export function findRiskyWord(text: string): string | undefined {
  const plain = normalizeText(text);
  return (LATIN.exec(plain) ?? CJK.exec(plain))?.[0];
}

/** Whether `text` has letters of a script the table does not know (Greek, Cyrillic, Arabic, Indic, Thai, Korean, ...). */
export function inUnknownScript(text: string): boolean {
  return /[\u0370-\u1fff\uac00-\ud7af]/.test(normalizeText(text));
}

/** Words of a button that dismisses a dialog rather than confirming it. */
export const DISMISS = /^(?:cancel|no|close|keep.*|back|not now|abbrechen|nein|annuler|non|fermer|cancelar|nao|取消|关闭|キャンセル|いいえ|×)$/;

/** Path words of a POST that creates an order or moves money (on top of the table's words). */
export const POST_PATH = /\b(?:orders?|charges?|payments?|checkout|billing|subscriptions?|transfers?|purchases?)\b/;
