<?php
/**
 * Title: Notice archive
 * Slug: tenderpress/notice-archive
 * Inserter: no
 */
?>
<!-- wp:query-title {"type":"archive","showPrefix":false} /-->

<!-- wp:term-description /-->

<!-- wp:tenderpress/listing {"inherit":true,"headingLevel":2,"align":"wide"} /-->
