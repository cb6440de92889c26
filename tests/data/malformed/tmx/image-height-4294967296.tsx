<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="t" tilewidth="14" tileheight="12" tilecount="8" columns="4">
 <image source="not-a-png.bmp" width="56" height="4294967296"/>
</tileset>
