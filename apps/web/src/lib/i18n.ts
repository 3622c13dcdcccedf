/** The product's texts in the page's language (decision 062): the domain's layer, which the app's components use too. */
export { addCatalog, i18n, type Translate } from '@staybook/domain/locale';
